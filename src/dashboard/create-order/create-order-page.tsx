import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ArrowLeftIcon, ArrowRightIcon } from 'lucide-react';
import { findCategory, type Category } from '@/shared/catalog/categories';
import { WIZARD_STEPS, optionLabelKey, wizardStep, type WizardStep } from '@/shared/catalog/wizard';
import { loadCoupon } from '@/stores/coupon';
import { $path, navigate } from '@/stores/location';
import { $sidebarOpen, setSidebarOpenMobile } from '@/stores/sidebar';
import {
  $wizard,
  WIZARD_STEP_COUNT,
  chooseOption,
  enterWizard,
  nextStep,
  previousStep,
  setOptions,
  showsNext,
  stepOptionIds,
  toggleOption,
  type WizardState,
} from '@/stores/wizard';
import { Button } from '@/ui/button';
import { PageContainer } from '../components/page-header';
import { isBetaQuery } from '../new-order/beta-query';
import { NotFoundPage } from '../pages/not-found-page';
import { SWATCHES } from './choice-swatches';
import { MultiChoiceGroup } from './multi-choice-group';
import { PackageStep } from './package-step';
import { PhotoUploadStep } from './photo-upload-step';
import { SingleChoiceGroup, type ChoiceOption } from './single-choice-group';
import { WizardProgress } from './wizard-progress';

/** Two or three answers (gender, glasses) read better on wide cards. */
const FEW_OPTIONS_COLUMNS = 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3';

function StepBody({
  step,
  category,
  wizard,
  beta,
  questionId,
}: {
  step: WizardStep;
  category: Category;
  wizard: WizardState;
  beta: boolean;
  questionId: string;
}) {
  const { t } = useTranslation();
  const { answers } = wizard;
  const spec = wizardStep(step);
  switch (spec.kind) {
    case 'multi': {
      const options = stepOptionIds(spec.id, category.id, answers.gender).map((id) => ({
        value: id,
        label: t(optionLabelKey(spec, id)),
        imageUrl: spec.picture(id),
      }));
      return (
        <MultiChoiceGroup
          labelledBy={questionId}
          options={options}
          selected={answers[spec.id]}
          onToggle={(id) => toggleOption(spec.id, id)}
          onSetAll={(ids) => setOptions(spec.id, ids)}
        />
      );
    }
    case 'photos':
      return <PhotoUploadStep photos={wizard.photos} describedBy={`${questionId}-hint`} />;
    case 'package':
      return <PackageStep category={category} wizard={wizard} beta={beta} />;
    default: {
      const values = stepOptionIds(spec.id, category.id, answers.gender);
      const swatches = SWATCHES[spec.id];
      const options: ChoiceOption[] = values.map((value) => ({ value, label: t(optionLabelKey(spec, value)), swatch: swatches?.[value] }));
      return (
        <SingleChoiceGroup
          labelledBy={questionId}
          options={options}
          value={answers[spec.id]}
          onChoose={(value) => chooseOption(spec.id, value)}
          columns={values.length <= 3 ? FEW_OPTIONS_COLUMNS : undefined}
        />
      );
    }
  }
}

function Wizard({ category }: { category: Category }) {
  const { t } = useTranslation();
  const wizard = useStore($wizard);
  const path = useStore($path);
  const beta = isBetaQuery(path);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<number | null>(null);

  // Move focus to the new question when the step changes (not on arrival), so it is announced.
  const ready = wizard.category === category.id;
  useEffect(() => {
    if (!ready) return;
    if (shownStep.current !== null && shownStep.current !== wizard.step) heading.current?.focus();
    shownStep.current = wizard.step;
  }, [ready, wizard.step]);

  // The store may still hold another category for one render, before enterWizard has run.
  if (!ready) return null;

  const step = WIZARD_STEPS[wizard.step];
  const questionId = `wizard-question-${step}`;

  const back = () => {
    if (!previousStep()) navigate(`/dashboard/newOrder${beta ? '?type=beta' : ''}`);
  };

  return (
    <PageContainer className="max-w-6xl pb-0">
      <header className="space-y-4">
        <h1 className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-muted-foreground">
          <span>{t('dashboard.titles.createOrder')}</span>
          <span aria-hidden="true">·</span>
          <span className="text-foreground">{t(`catalog.categories.${category.id}.name`)}</span>
        </h1>
        <WizardProgress step={wizard.step} total={WIZARD_STEP_COUNT} />
        <h2 ref={heading} id={questionId} tabIndex={-1} className="scroll-mt-20 text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
          {t(`wizard.steps.${step}`)}
        </h2>
      </header>

      <section aria-labelledby={questionId} className="min-h-48">
        <StepBody key={step} step={step} category={category} wizard={wizard} beta={beta} questionId={questionId} />
      </section>

      <footer className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:-mx-6 sm:px-6">
        <Button variant="outline" onClick={back}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('wizard.back')}
        </Button>
        {showsNext(wizard) && (
          <Button onClick={nextStep}>
            {t('wizard.next')}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        )}
      </footer>
    </PageContainer>
  );
}

/**
 * Create Order (`/dashboard/createOrder/:type`): the style wizard for one category. It closes the
 * sidebar on entry (without touching the remembered preference) and loads the beta seats.
 */
export function CreateOrderPage({ params }: { params: Record<string, string> }) {
  const category = findCategory(params.type ?? '');

  useEffect(() => {
    if (!category) return;
    enterWizard(category.id);
    $sidebarOpen.set(false);
    setSidebarOpenMobile(false);
    void loadCoupon();
  }, [category]);

  if (!category) return <NotFoundPage />;
  return <Wizard category={category} />;
}
