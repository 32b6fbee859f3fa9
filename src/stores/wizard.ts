import { atom } from 'nanostores';
import { findCategory, type CategoryId } from '@/shared/catalog/categories';
import {
  CHOICE_STEPS,
  WIZARD_STEPS,
  offeredOptions,
  wizardStep,
  type ChoiceStep,
  type MultiChoiceStep,
  type SingleChoiceStep,
  type WizardStep,
} from '@/shared/catalog/wizard';
import type { PhotoCheckResponse } from '@/shared/contracts/photos';
import { LIMITS } from '@/shared/limits';
import { isRefusal, type PhotoReason, type PhotoVerdict, setReasons, verdictOf } from '@/shared/photo-check';

export type { MultiChoiceStep, SingleChoiceStep };

export type WizardAnswers = { [K in SingleChoiceStep]?: string } & { [K in MultiChoiceStep]: string[] };

/** A photo ready to send: the downscaled JPEG, the object URL of its thumbnail, and its selfie check. */
export interface WizardPhoto {
  id: string;
  name: string;
  blob: Blob;
  url: string;
  /** The customer picked this photo as one of the person the portraits are for (photos of two people). */
  customer?: true;
  /** Absent until the check is asked for. */
  check?: { state: 'checking' } | { state: 'checked'; result: PhotoCheckResponse } | { state: 'failed'; message: string };
}

export interface WizardState {
  category: CategoryId | null;
  /** Index into WIZARD_STEPS. */
  step: number;
  answers: WizardAnswers;
  photos: WizardPhoto[];
}

export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** No single choice made, and an empty list for every multi-select step. */
const noAnswers = (): WizardAnswers =>
  Object.fromEntries(CHOICE_STEPS.filter((step) => step.kind === 'multi').map((step) => [step.id, []])) as unknown as WizardAnswers;

const emptyState = (category: CategoryId | null = null): WizardState => ({ category, step: 0, answers: noAnswers(), photos: [] });

/** The order being put together. Module state, so answers survive leaving the page until reset. */
export const $wizard = atom<WizardState>(emptyState());

function revoke(photos: WizardPhoto[]): void {
  for (const photo of photos) URL.revokeObjectURL(photo.url);
}

/** Opens the wizard for a category; a different category than the one in progress starts afresh. */
export function enterWizard(category: CategoryId): void {
  const state = $wizard.get();
  if (state.category === category) return;
  revoke(state.photos);
  $wizard.set(emptyState(category));
}

/** Forgets every answer and photo (after a completed payment). */
export function resetWizard(): void {
  revoke($wizard.get().photos);
  $wizard.set(emptyState());
}

/** Clears the answers and photos of the order in progress, keeping its category ("Start over"). */
export function startOver(): void {
  const state = $wizard.get();
  revoke(state.photos);
  $wizard.set(emptyState(state.category));
}

/**
 * Goes to a step the browser's history names (Back, Forward), or to the first unanswered step before
 * it: a step is never shown before the ones it follows are answered.
 */
export function goToStep(step: number): void {
  const state = $wizard.get();
  let reachable = 0;
  while (reachable < step && reachable < WIZARD_STEP_COUNT - 1 && isStepAnswered(state, WIZARD_STEPS[reachable])) reachable++;
  if (reachable !== state.step) $wizard.set({ ...state, step: reachable });
}

/** The answer ids a step offers for a category and gender (see `offeredOptions`). */
export function stepOptionIds(step: ChoiceStep, category: CategoryId | null, gender: string | undefined): readonly string[] {
  return offeredOptions(wizardStep(step), category ? findCategory(category) : undefined, gender);
}

/** Drops answers the new gender does not offer, so a changed gender never sends an invalid order. */
function pruneForGender(answers: WizardAnswers, category: CategoryId | null): WizardAnswers {
  const next = { ...answers };
  for (const step of CHOICE_STEPS) {
    if (!step.dependsOn?.includes('gender')) continue;
    const offered = stepOptionIds(step.id, category, answers.gender);
    if (step.kind === 'multi') {
      next[step.id] = next[step.id].filter((id) => offered.includes(id));
    } else {
      const answer = next[step.id];
      if (answer && !offered.includes(answer)) delete next[step.id];
    }
  }
  return next;
}

/** Records a single choice and moves on to the next step, as single-choice steps do. */
export function chooseOption(step: SingleChoiceStep, value: string): void {
  const state = $wizard.get();
  let answers: WizardAnswers = { ...state.answers, [step]: value };
  if (step === 'gender') answers = pruneForGender(answers, state.category);
  const index = WIZARD_STEPS.indexOf(step);
  const stepIndex = state.step === index ? Math.min(index + 1, WIZARD_STEP_COUNT - 1) : state.step;
  $wizard.set({ ...state, answers, step: stepIndex });
}

/** Adds or removes one choice of a multi-select step. */
export function toggleOption(step: MultiChoiceStep, id: string): void {
  const state = $wizard.get();
  const current = state.answers[step];
  const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
  $wizard.set({ ...state, answers: { ...state.answers, [step]: next } });
}

/** Replaces every choice of a multi-select step (Select All with all ids, Deselect All with none). */
export function setOptions(step: MultiChoiceStep, ids: readonly string[]): void {
  const state = $wizard.get();
  $wizard.set({ ...state, answers: { ...state.answers, [step]: [...ids] } });
}

/** Whether a step has what it needs to move on. The package step never does: choosing buys. */
export function isStepAnswered(state: WizardState, step: WizardStep): boolean {
  const spec = wizardStep(step);
  switch (spec.kind) {
    case 'multi':
      return state.answers[spec.id].length > 0;
    case 'photos':
      return usableCount(state.photos) >= LIMITS.photosMin;
    case 'package':
      return false;
    default:
      return Boolean(state.answers[spec.id]);
  }
}

/** The Next button shows only on an answered step (never on the package step). */
export function showsNext(state: WizardState): boolean {
  return isStepAnswered(state, WIZARD_STEPS[state.step]);
}

export function nextStep(): void {
  const state = $wizard.get();
  if (!showsNext(state)) return;
  $wizard.set({ ...state, step: Math.min(state.step + 1, WIZARD_STEP_COUNT - 1) });
}

/** Goes one step back; false on the first step, where the caller returns to New Order. */
export function previousStep(): boolean {
  const state = $wizard.get();
  if (state.step === 0) return false;
  $wizard.set({ ...state, step: state.step - 1 });
  return true;
}

/**
 * Adds prepared photos while fewer than 10 would be sent (refused photos take no place); any beyond
 * are dropped silently (their thumbnails released). Returns how many were kept.
 */
export function addPhotos(photos: WizardPhoto[]): number {
  const state = $wizard.get();
  const room = Math.max(0, LIMITS.photosMax - countedPhotos(state.photos));
  const kept = photos.slice(0, room);
  revoke(photos.slice(room));
  if (kept.length > 0) $wizard.set({ ...state, photos: [...state.photos, ...kept] });
  return kept.length;
}

/** Puts a new photo in the place of one (a refused photo replaced), releasing the old thumbnail. */
export function replacePhoto(id: string, photo: WizardPhoto): void {
  const state = $wizard.get();
  if (!state.photos.some((p) => p.id === id)) {
    revoke([photo]);
    return;
  }
  revoke(state.photos.filter((p) => p.id === id));
  $wizard.set({ ...state, photos: state.photos.map((p) => (p.id === id ? photo : p)) });
}

/** Removes every photo that cannot be used (refused, or not checked), in one go. */
export function removeRefusedPhotos(): void {
  const state = $wizard.get();
  const states = photoStates(state.photos);
  const refused = state.photos.filter((_, i) => isRefused(states[i]));
  revoke(refused);
  $wizard.set({ ...state, photos: state.photos.filter((p) => !refused.includes(p)) });
}

/** The customer says whose portraits these are by picking one photo of that person. */
export function choosePerson(id: string): void {
  const state = $wizard.get();
  $wizard.set({ ...state, photos: state.photos.map(({ customer: _, ...p }) => (p.id === id ? { ...p, customer: true as const } : p)) });
}

/** Records the selfie check of a photo still in the uploader (one removed meanwhile is left alone). */
export function setPhotoCheck(id: string, check: NonNullable<WizardPhoto['check']>): void {
  const state = $wizard.get();
  if (!state.photos.some((p) => p.id === id)) return;
  $wizard.set({ ...state, photos: state.photos.map((p) => (p.id === id ? { ...p, check } : p)) });
}

/** What the uploader shows for one photo: still being checked, checked (with the set's reasons), or not checked. */
export type PhotoState = { state: 'checking' } | { state: 'checked'; verdict: PhotoVerdict; reasons: PhotoReason[] } | { state: 'failed'; message: string };

/**
 * Every photo's state within the set, in order: the server's analysis of each checked photo, judged with
 * the same rules the checkout applies (a later copy of a photo, a face of someone else).
 */
export function photoStates(photos: readonly WizardPhoto[]): PhotoState[] {
  const checked = photos.flatMap((photo) => (photo.check?.state === 'checked' ? [{ photo, analysis: photo.check.result.analysis }] : []));
  const customer = checked.findIndex(({ photo }) => photo.customer);
  const reasons = setReasons(
    checked.map(({ analysis }) => analysis),
    // Faces are compared once every photo is checked, so a set on its way in accuses nobody for a moment.
    { customer: customer === -1 ? undefined : customer, comparePeople: photos.every((photo) => photo.check && photo.check.state !== 'checking') },
  );
  let next = 0;
  return photos.map((photo): PhotoState => {
    const check = photo.check;
    if (!check || check.state === 'checking') return { state: 'checking' };
    if (check.state === 'failed') return check;
    const own = reasons[next++] ?? [];
    return { state: 'checked', verdict: verdictOf(own), reasons: own };
  });
}

/**
 * A photo that will not be sent whatever the customer does next: refused for what it shows, or not
 * checked. A face waiting for the customer to say whose portraits these are is not (yet) refused.
 */
export function isRefused(state: PhotoState | undefined): boolean {
  if (state?.state === 'failed') return true;
  return state?.state === 'checked' && state.reasons.some((reason) => isRefusal(reason) && reason !== 'whichPerson');
}

/** The photos that count against the limit of 10: every one but the refused. */
export function countedPhotos(photos: readonly WizardPhoto[]): number {
  return photoStates(photos).filter((state) => !isRefused(state)).length;
}

/** The photos that can go into an order: checked and not refused. */
export function usablePhotos(photos: readonly WizardPhoto[]): WizardPhoto[] {
  const states = photoStates(photos);
  return photos.filter((_, i) => {
    const state = states[i];
    return state?.state === 'checked' && !state.reasons.some(isRefusal);
  });
}

/** Counts for the one-line summary: usable, to fix (refused, not checked or whose person is unclear), still being checked. */
export function checkSummary(photos: readonly WizardPhoto[]) {
  const states = photoStates(photos);
  const checking = states.filter((s) => s.state === 'checking').length;
  const ready = states.filter((s) => s.state === 'checked' && s.verdict !== 'refused').length;
  const refused = states.filter(isRefused).length;
  const undecided = states.filter((s) => s.state === 'checked' && s.reasons.includes('whichPerson')).length;
  return { ready, attention: states.length - ready - checking, checking, refused, undecided };
}

export function usableCount(photos: readonly WizardPhoto[]): number {
  return usablePhotos(photos).length;
}

export function removePhoto(id: string): void {
  const state = $wizard.get();
  revoke(state.photos.filter((p) => p.id === id));
  $wizard.set({ ...state, photos: state.photos.filter((p) => p.id !== id) });
}

export function removeAllPhotos(): void {
  const state = $wizard.get();
  revoke(state.photos);
  $wizard.set({ ...state, photos: [] });
}
