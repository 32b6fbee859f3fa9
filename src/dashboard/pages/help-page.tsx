import { useTranslation } from 'react-i18next';
import { MessageCircleQuestionIcon } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/ui/accordion';
import { Button } from '@/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { PageContainer, PageHeader } from '../components/page-header';
import { FAQ_VALUES, HELP_FAQ, HELP_TABS } from '../help-faq';

/** Help: the FAQ in five tabs, each an accordion, and a way to reach a person. */
export function HelpPage() {
  const { t } = useTranslation();

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title={t('dashboard.titles.help')} description={t('dashboard.help.description')} />
      <Tabs defaultValue={HELP_TABS[0]} className="gap-4">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {HELP_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="flex-none">
              {t(`dashboard.help.tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {HELP_TABS.map((tab) => (
          <TabsContent key={tab} value={tab} className="rounded-xl border bg-card px-5 shadow-sm">
            <Accordion type="single" collapsible>
              {HELP_FAQ[tab].map((key) => (
                <AccordionItem key={key} value={key}>
                  <AccordionTrigger className="text-base" headingLevel={2}>
                    {t(`dashboard.help.faq.${tab}.${key}.q`, FAQ_VALUES)}
                  </AccordionTrigger>
                  <AccordionContent className="leading-relaxed text-muted-foreground">{t(`dashboard.help.faq.${tab}.${key}.a`, FAQ_VALUES)}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </TabsContent>
        ))}
      </Tabs>
      <section
        aria-labelledby="help-contact"
        className="flex flex-col gap-4 rounded-xl border bg-secondary/40 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex items-start gap-3">
          <MessageCircleQuestionIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 id="help-contact" className="font-semibold">
              {t('dashboard.help.stillQuestions')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('dashboard.help.contactText')}</p>
          </div>
        </div>
        <Button asChild>
          <a href="/contact">{t('dashboard.help.contactUs')}</a>
        </Button>
      </section>
    </PageContainer>
  );
}
