import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ArrowLeftIcon, ArrowRightIcon, RotateCcwIcon } from 'lucide-react';
import { findCategory, type Category } from '@/shared/catalog/categories';
import { WIZARD_STEPS, optionLabelKey, wizardStep, type WizardStep } from '@/shared/catalog/wizard';
import { loadCoupon } from '@/stores/coupon';
import { $path, navigate } from '@/stores/location';
import { $sidebarOpen, setSidebarOpenMobile } from '@/stores/sidebar';
import { $team, loadTeam } from '@/stores/team';
import type { TeamMembership } from '@/shared/contracts/team';
import { $user } from '@/stores/user';
import {
  $wizard,
  WIZARD_STEP_COUNT,
  chooseOption,
  enterWizard,
  nextStep,
  setOptions,
  showsNext,
  startOver,
  stepOptionIds,
  toggleOption,
  type WizardState,
} from '@/stores/wizard';
import { discardDraft, resumeDraft } from '@/stores/wizard-draft';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { PageContainer } from '../components/page-header';
import { isBetaQuery } from '../new-order/beta-query';
import { NotFoundPage } from '../pages/not-found-page';
import { brandedOptions, isTeamQuery } from '../team/brand-options';
import { MembershipBanner } from '../team/membership-banner';
import { TeamOrderStep } from '../team/team-order-step';
import { GiftOrderStep } from '../giftcards/gift-order-step';
import { giftCardQuery } from '../giftcards/gift-order';
import { SWATCHES } from './choice-swatches';
import { MultiChoiceGroup } from './multi-choice-group';
import { PackageStep } from './package-step';
import { checkPhotos, PhotoUploadStep } from './photo-upload-step';
import { SingleChoiceGroup, type ChoiceOption } from './single-choice-group';
import { historyStep, stepBack, useStepHistory } from './step-history';
import { WizardProgress } from './wizard-progress';

/** How long the wizard waits for the user info (and so the draft) before it shows without it. */
const DRAFT_WAIT_MS = 2_000;

/** Two or three answers (gender, glasses) read better on wide cards. */
const FEW_OPTIONS_COLUMNS = 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3';

/**
 * A step a team's brand decides (attire, background): only the answers it allows, or its one fixed
 * answer chosen already, with "Chosen by {team}". Answers a draft kept that the brand does not allow are dropped.
 */
function MultiStep({
  step,
  category,
  wizard,
  membership,
  questionId,
}: {
  step: 'attire' | 'background';
  category: Category;
  wizard: WizardState;
  membership: TeamMembership | null;
  questionId: string;
}) {
  const { t } = useTranslation();
  const spec = wizardStep(step);
  const { answers } = wizard;
  const offered = stepOptionIds(spec.id, category.id, answers.gender);
  const { options: ids, preset, chosenByTeam } = brandedOptions(step, offered, membership?.brand ?? null);
  const chosen = answers[spec.id];
  const key = ids.join('|');
  useEffect(() => {
    if (preset) {
      if (chosen.length !== 1 || chosen[0] !== preset) setOptions(step, [preset]);
    } else if (chosenByTeam && chosen.some((id) => !key.split('|').includes(id))) {
      setOptions(
        step,
        chosen.filter((id) => key.split('|').includes(id)),
      );
    }
  }, [step, preset, chosenByTeam, key, chosen]);
  const options = ids.map((id) => ({ value: id, label: t(optionLabelKey(spec, id)), imageUrl: spec.picture(id) }));
  return (
    <div className="space-y-3">
      {chosenByTeam && membership && (
        <p id={`${questionId}-team`} className="text-sm font-medium text-primary">
          {t('team.wizard.chosenBy', { team: membership.teamName })}
        </p>
      )}
      <MultiChoiceGroup
        labelledBy={questionId}
        options={options}
        selected={preset ? [preset] : chosen}
        onToggle={(id) => !preset && toggleOption(spec.id, id)}
        onSetAll={(all) => !preset && setOptions(spec.id, all)}
      />
    </div>
  );
}

function StepBody({
  step,
  category,
  wizard,
  beta,
  questionId,
  membership,
  giftCardId,
}: {
  step: WizardStep;
  category: Category;
  wizard: WizardState;
  beta: boolean;
  questionId: string;
  /** Set for a member's order, which their team pays for. */
  membership: TeamMembership | null;
  /** Gift cards: set for an order a redeemed gift card pays. */
  giftCardId?: string | null;
}) {
  const { t } = useTranslation();
  const { answers } = wizard;
  const spec = wizardStep(step);
  switch (spec.kind) {
    case 'multi':
      return <MultiStep step={spec.id} category={category} wizard={wizard} membership={membership} questionId={questionId} />;
    case 'photos':
      return <PhotoUploadStep photos={wizard.photos} describedBy={`${questionId}-hint`} />;
    case 'package':
      return membership ? (
        <TeamOrderStep category={category} wizard={wizard} membership={membership} />
      ) : giftCardId ? (
        <GiftOrderStep category={category} wizard={wizard} giftCardId={giftCardId} />
      ) : (
        <PackageStep category={category} wizard={wizard} beta={beta} />
      );
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

function Wizard({ category, membership }: { category: Category; membership: TeamMembership | null }) {
  const { t } = useTranslation();
  const wizard = useStore($wizard);
  const path = useStore($path);
  const beta = isBetaQuery(path);
  const giftCardId = giftCardQuery(path);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<number | null>(null);
  const user = useStore($user);
  const [draftSettled, setDraftSettled] = useState(false);
  const [confirmStartOver, setConfirmStartOver] = useState(false);

  // Move focus to the new question when the step changes (not on arrival), so it is announced.
  const ready = wizard.category === category.id;
  useEffect(() => {
    if (!ready) return;
    if (shownStep.current !== null && shownStep.current !== wizard.step) heading.current?.focus();
    shownStep.current = wizard.step;
  }, [ready, wizard.step]);

  // The customer's draft of this category comes back (a reload, a closed tab, a second tab) before the
  // wizard shows, so it never flashes its first step; without the user info it shows after a moment anyway.
  const email = user?.email;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const settle = () => live && setDraftSettled(true);
    const fallback = setTimeout(settle, DRAFT_WAIT_MS);
    // A reload keeps this tab's place in the wizard: its history entry names the step.
    if (email) void resumeDraft(email, category.id, checkPhotos, { step: historyStep() }).finally(settle);
    return () => {
      live = false;
      clearTimeout(fallback);
    };
  }, [ready, email, category.id]);
  useStepHistory(wizard.step, ready && draftSettled, `/dashboard/createOrder/${category.id}`);

  // The store may still hold another category for one render, before enterWizard has run.
  if (!ready || !draftSettled) return null;

  const step = WIZARD_STEPS[wizard.step];
  const questionId = `wizard-question-${step}`;

  const back = () => {
    if (stepBack(wizard.step)) return;
    if (membership) navigate(membership.brand ? '/dashboard/team/join' : '/dashboard/newOrder?team=1');
    else navigate(`/dashboard/newOrder${beta ? '?type=beta' : giftCardId ? `?giftcard=${encodeURIComponent(giftCardId)}` : ''}`);
  };

  return (
    <PageContainer className="max-w-6xl pb-0">
      <header className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h1 className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-muted-foreground">
            <span>{t('dashboard.titles.createOrder')}</span>
            <span aria-hidden="true">·</span>
            <span className="text-foreground">{t(`catalog.categories.${category.id}.name`)}</span>
          </h1>
          {/* The category is the team's: said beside the heading, not inside its name. */}
          {membership?.brand && <Badge variant="secondary">{t('team.wizard.chosenBy', { team: membership.teamName })}</Badge>}
        </div>
        {membership && wizard.step === 0 && <MembershipBanner membership={membership} />}
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <WizardProgress step={wizard.step} total={WIZARD_STEP_COUNT} />
          </div>
          {(wizard.step > 0 || wizard.photos.length > 0) && (
            <Button variant="ghost" size="sm" className="shrink-0 text-muted-foreground" onClick={() => setConfirmStartOver(true)}>
              <RotateCcwIcon aria-hidden="true" />
              {t('wizard.startOver.button')}
            </Button>
          )}
          {/* Always mounted: the button goes once there is nothing to clear, and the dialog must close itself. */}
          <ConfirmDialog
            open={confirmStartOver}
            onOpenChange={setConfirmStartOver}
            title={t('wizard.startOver.title')}
            description={t('wizard.startOver.description')}
            cancelLabel={t('wizard.startOver.cancel')}
            confirmLabel={t('wizard.startOver.confirm')}
            busyLabel={t('wizard.startOver.confirm')}
            busy={false}
            onConfirm={() => {
              setConfirmStartOver(false);
              startOver();
              void discardDraft();
              heading.current?.focus();
            }}
          />
        </div>
        <h2 ref={heading} id={questionId} tabIndex={-1} className="scroll-mt-20 text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
          {t(`wizard.steps.${step}`)}
        </h2>
      </header>

      <section aria-labelledby={questionId} className="min-h-48">
        <StepBody
          key={step}
          step={step}
          category={category}
          wizard={wizard}
          beta={beta}
          questionId={questionId}
          membership={membership}
          giftCardId={giftCardId}
        />
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
  const teamOrder = isTeamQuery(useStore($path));
  const team = useStore($team);
  const [teamChecked, setTeamChecked] = useState(false);
  // A member's order (`?team=1`) reads the membership afresh: whether a seat is free now, and the brand.
  useEffect(() => {
    if (teamOrder) void loadTeam({ force: true }).finally(() => setTeamChecked(true));
  }, [teamOrder]);
  const membership = teamOrder ? (team?.membership ?? null) : null;
  const brandCategory = membership?.brand?.category;
  // The team chose the category: the member's wizard is that one's.
  useEffect(() => {
    if (category && brandCategory && brandCategory !== category.id) navigate(`/dashboard/createOrder/${brandCategory}?team=1`, { replace: true });
  }, [category, brandCategory]);

  useEffect(() => {
    if (!category) return;
    enterWizard(category.id);
    $sidebarOpen.set(false);
    setSidebarOpenMobile(false);
    void loadCoupon();
  }, [category]);

  if (!category) return <NotFoundPage />;
  if (teamOrder && !teamChecked) return null;
  return <Wizard category={category} membership={membership} />;
}
