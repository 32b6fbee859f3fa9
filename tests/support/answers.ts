import { findCategory } from '../../src/shared/catalog/categories';
import { CHOICE_STEPS, offeredOptions } from '../../src/shared/catalog/wizard';
import type { PortraitInfo } from '../../src/shared/contracts/checkout';

const doctor = findCategory('doctor')!;

const DOCTOR_ANSWERS = {
  name: 'Doctor Photos',
  type: 'doctor',
  package: 'pro',
  gender: 'woman',
  age: '30-40',
  skinColor: 'olive',
  hairColor: 'brown',
  hairLength: 'bob cut',
  bodyType: 'regular',
  attire: ['white_coat', 'scrubs'],
  background: ['hospital_corridor', 'clinic'],
  glass: 'none',
};

/** A step the wizard gains later takes its first offered option, so these answers stay valid. */
const ANSWERS: Record<string, unknown> = { ...DOCTOR_ANSWERS };
for (const step of CHOICE_STEPS) {
  if (step.id in ANSWERS) continue;
  const first = offeredOptions(step, doctor, DOCTOR_ANSWERS.gender)[0];
  ANSWERS[step.id] = step.kind === 'multi' ? [first] : first;
}

/**
 * Wizard answers that are valid for Doctor Photos, as the wizard sends them in `options.portraitInfo`.
 * `overrides` replace fields, valid or not, and the type follows them.
 */
export function validAnswers<O extends Record<string, unknown> = Record<never, never>>(overrides?: O): Omit<PortraitInfo, keyof O> & O {
  return { ...structuredClone(ANSWERS), ...overrides } as Omit<PortraitInfo, keyof O> & O;
}
