import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { GlobeIcon } from 'lucide-react';
import { languageInfo } from '@/shared/languages';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { useLazyMenu } from './use-lazy-menu';

/** The look of the top bar's language button, shared by the stand-in and the menu's own trigger. */
export const languageButtonClass = 'h-9 gap-1.5 px-2.5';

/** The button's name for screen readers, "Language: 日本語", which holds what it shows. */
export function useLanguageButtonLabel(): string {
  const { t } = useTranslation();
  return t('dashboard.topBar.current', { name: languageInfo(useStore($language)).name });
}

/** The current language's name, in itself, beside the globe. */
export function LanguageButtonContent() {
  const info = languageInfo(useStore($language));
  return (
    <>
      <GlobeIcon aria-hidden="true" />
      <span lang={info.htmlLang}>{info.name}</span>
    </>
  );
}

/**
 * The language switch in the dashboard's top bar: one press opens the languages, a second picks one,
 * on a phone as on a desktop. The menu's code loads when the button is reached for.
 */
export function LanguageSwitch() {
  const { Menu, menuProps, triggerProps } = useLazyMenu(() => import('./language-menu').then((m) => m.LanguageMenu));
  const label = useLanguageButtonLabel();
  if (Menu) return <Menu {...menuProps} />;
  return (
    <Button variant="ghost" className={languageButtonClass} aria-label={label} {...triggerProps}>
      <LanguageButtonContent />
    </Button>
  );
}
