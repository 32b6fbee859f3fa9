import { ATTIRE_ART, BACKDROP_ART, type AttireId, type BackdropId } from './artwork';
import type { Category } from './categories';

/**
 * The style wizard, described once: its steps in order, what kind of answer each
 * takes and the answers it offers. The checkout contract, the wizard store, the Create Order page and the
 * request the dashboard sends are all derived from WIZARD. Option values are the product's own words; the
 * dashboard translates them under `wizard.options.{step}.{value}` (or the step's `labels`).
 */
export const GENDERS = ['man', 'woman'] as const;
export type Gender = (typeof GENDERS)[number];

/** What an option list may vary with; a step that names one offers nothing until it is known. */
export type OptionInput = 'category' | 'gender';

interface OptionContext {
  category: Category;
  gender: Gender;
}

/**
 * A fixed list, which the checkout accepts word for word; or a list computed from the inputs named in
 * `dependsOn`, which the checkout checks against the order's category and gender (naming them when it
 * refuses an answer) and from which a changed gender drops the answers it no longer offers.
 */
type ChoiceOptions =
  | { options: readonly [string, ...string[]]; dependsOn?: never }
  | { options: (on: OptionContext) => readonly string[]; dependsOn: readonly [OptionInput, ...OptionInput[]] };

export type SingleStepSpec<Id extends string = string> = { id: Id; kind: 'single' } & ChoiceOptions;

/** Picture cards that can be chosen together, with Select All / Deselect All. */
export type MultiStepSpec<Id extends string = string> = {
  id: Id;
  kind: 'multi';
  /** The locale key under which each option's name lives. */
  labels: string;
  picture: (id: string) => string;
} & ChoiceOptions;

export type WizardStepSpec = SingleStepSpec | MultiStepSpec | { id: string; kind: 'photos' | 'package' };

const HAIR_LENGTHS: Record<Gender, readonly string[]> = {
  man: ['bald', 'buzzed', 'short', 'medium', 'long'],
  woman: ['bald', 'pixie cut', 'bob cut', 'medium length', 'long'],
};
/** One set of body types for both genders; it is still offered per gender, as hair lengths are. */
const BODY_TYPES: Record<Gender, readonly string[]> = {
  man: ['slim', 'regular', 'curvy', 'full figured', 'plus size'],
  woman: ['slim', 'regular', 'curvy', 'full figured', 'plus size'],
};

export const WIZARD = [
  { id: 'gender', kind: 'single', options: GENDERS },
  { id: 'age', kind: 'single', options: ['18-20', '21-24', '25-29', '30-40', '41-50', '51-65', '65 plus'] },
  {
    id: 'skinColor',
    kind: 'single',
    options: ['porcelain', 'ivory', 'light beige', 'warm beige', 'honey', 'golden', 'olive', 'caramel', 'chestnut', 'ebony'],
  },
  { id: 'hairColor', kind: 'single', options: ['brown', 'black', 'blonde', 'gray', 'auburn', 'red', 'white', 'bald'] },
  { id: 'hairLength', kind: 'single', dependsOn: ['gender'], options: ({ gender }) => HAIR_LENGTHS[gender] },
  { id: 'bodyType', kind: 'single', dependsOn: ['gender'], options: ({ gender }) => BODY_TYPES[gender] },
  {
    id: 'attire',
    kind: 'multi',
    dependsOn: ['category', 'gender'],
    options: ({ category, gender }) => category.attires[gender].map((a) => a.id),
    labels: 'catalog.attires',
    picture: (id) => ATTIRE_ART[id as AttireId].image,
  },
  {
    id: 'background',
    kind: 'multi',
    dependsOn: ['category'],
    options: ({ category }) => category.backdrops.map((b) => b.id),
    labels: 'catalog.backdrops',
    picture: (id) => BACKDROP_ART[id as BackdropId].image,
  },
  { id: 'glass', kind: 'single', options: ['all', 'some', 'none'] },
  { id: 'photoUpload', kind: 'photos' },
  { id: 'packageSelection', kind: 'package' },
] as const satisfies readonly WizardStepSpec[];

type Step = (typeof WIZARD)[number];
type ChoiceStepEntry = Extract<Step, { kind: 'single' | 'multi' }>;
export type WizardStep = Step['id'];
/** Steps answered by one choice; choosing advances the wizard. */
export type SingleChoiceStep = Extract<Step, { kind: 'single' }>['id'];
/** Steps answered by one or more choices. */
export type MultiChoiceStep = Extract<Step, { kind: 'multi' }>['id'];
export type ChoiceStep = SingleChoiceStep | MultiChoiceStep;

export const WIZARD_STEPS: readonly WizardStep[] = WIZARD.map((step) => step.id);

export type ChoiceStepSpec = SingleStepSpec<SingleChoiceStep> | MultiStepSpec<MultiChoiceStep>;

/** The answer steps, in wizard order. */
export const CHOICE_STEPS: readonly ChoiceStepSpec[] = WIZARD.filter((step): step is ChoiceStepEntry => step.kind === 'single' || step.kind === 'multi');

/** One answer per choice step, as the checkout receives it: a fixed list's own words, else any text. */
export type ChoiceAnswers = {
  [S in Extract<Step, { kind: 'single' }> as S['id']]: S['options'] extends readonly string[] ? S['options'][number] : string;
} & { [K in MultiChoiceStep]: string[] };

/** The catalog entry of a step. */
export function wizardStep<Id extends WizardStep>(id: Id): Extract<Step, { id: Id }> {
  return WIZARD.find((step) => step.id === id) as Extract<Step, { id: Id }>;
}

function asGender(value: string | undefined): Gender | undefined {
  return GENDERS.find((g) => g === value);
}

/** The answer ids a step offers; empty until the category or gender it depends on is known. */
export function offeredOptions(step: SingleStepSpec | MultiStepSpec, category: Category | undefined, gender: string | undefined): readonly string[] {
  if (step.dependsOn === undefined) return step.options;
  const on = { category, gender: asGender(gender) };
  if (step.dependsOn.some((input) => on[input] === undefined)) return [];
  // Every input the step reads is known; the others it never looks at.
  return step.options(on as OptionContext);
}

/** The locale key of one option's name. */
export function optionLabelKey(step: SingleStepSpec | MultiStepSpec, value: string): string {
  return `${step.kind === 'multi' ? step.labels : `wizard.options.${step.id}`}.${value}`;
}
