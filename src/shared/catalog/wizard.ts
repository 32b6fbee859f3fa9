/**
 * The style wizard (spec sections 2 and 3): its steps in order and the allowed answers. Option values
 * are the spec's own words; the dashboard translates them under `wizard.options.{step}.{value}`.
 */
export const GENDERS = ['man', 'woman'] as const;
export type Gender = (typeof GENDERS)[number];

export const AGES = ['18-20', '21-24', '25-29', '30-40', '41-50', '51-65', '65 plus'] as const;
export const SKIN_COLORS = ['porcelain', 'ivory', 'light beige', 'warm beige', 'honey', 'golden', 'olive', 'caramel', 'chestnut', 'ebony'] as const;
export const HAIR_COLORS = ['brown', 'black', 'blonde', 'gray', 'auburn', 'red', 'white', 'bald'] as const;
export const HAIR_LENGTHS: Record<Gender, readonly string[]> = {
  man: ['bald', 'buzzed', 'short', 'medium', 'long'],
  woman: ['bald', 'pixie cut', 'bob cut', 'medium length', 'long'],
};
/** The spec lists one set of body types; both genders are offered the same five. */
export const BODY_TYPES: Record<Gender, readonly string[]> = {
  man: ['slim', 'regular', 'curvy', 'full figured', 'plus size'],
  woman: ['slim', 'regular', 'curvy', 'full figured', 'plus size'],
};
export const GLASSES = ['all', 'some', 'none'] as const;

export const WIZARD_STEPS = [
  'gender',
  'age',
  'skinColor',
  'hairColor',
  'hairLength',
  'bodyType',
  'attire',
  'background',
  'glass',
  'photoUpload',
  'packageSelection',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Steps where more than one answer may be chosen (with Select All / Deselect All). */
export const MULTI_SELECT_STEPS: readonly WizardStep[] = ['attire', 'background'];
