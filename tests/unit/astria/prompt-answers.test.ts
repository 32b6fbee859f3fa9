import { describe, expect, it } from 'vitest';
import { ANSWERS_NOT_IN_PROMPTS, planPrompts } from '@/server/providers/generator/astria-prompts';
import { findCategory } from '@/shared/catalog/categories';
import { PACKAGES } from '@/shared/catalog/packages';
import { CHOICE_STEPS, offeredOptions } from '@/shared/catalog/wizard';
import { parseStoredPortraitInfo, type StoredPortraitInfo } from '@/shared/contracts/checkout';
import { PORTRAIT_SIZE } from '@/shared/limits';
import { validAnswers } from '../../support/answers';

/**
 * Every wizard answer reaches the generator's prompts, or is listed as deliberately left out; and an
 * order placed before a step existed (its answer missing) still gets whole sentences, never "undefined".
 */

const pro = PACKAGES.find((p) => p.id === 'pro')!;
const prompts = (answers: StoredPortraitInfo) =>
  planPrompts({
    answers,
    total: pro.portraits,
    width: PORTRAIT_SIZE.standard.width,
    height: PORTRAIT_SIZE.standard.height,
    poses: pro.poses,
    combinations: pro.combinations,
  })
    .map((p) => p.text)
    .join('\n');

const base = parseStoredPortraitInfo(validAnswers());
const doctor = findCategory(base.type)!;

describe('the prompts and the wizard', () => {
  it.each(CHOICE_STEPS.map((step) => [step.id, step] as const))('"%s" changes the prompts, or is listed as left out with a reason', (id, step) => {
    if (id in ANSWERS_NOT_IN_PROMPTS) {
      expect(ANSWERS_NOT_IN_PROMPTS[id]).toMatch(/\w{10}/);
      return;
    }
    const offered = offeredOptions(step, doctor, base.gender);
    const current = base[id as keyof StoredPortraitInfo];
    const other = step.kind === 'multi' ? offered.filter((o) => !(current as string[]).includes(o)).slice(0, 1) : offered.find((o) => o !== current);
    expect(other, `the wizard offers another ${id}`).toBeDefined();
    expect(prompts({ ...base, [id]: other })).not.toBe(prompts(base));
  });

  it.each(CHOICE_STEPS.map((step) => step.id))('an order without a "%s" answer still gets whole prompts', (id) => {
    const { [id as keyof StoredPortraitInfo]: _left, ...older } = base;
    const text = prompts(parseStoredPortraitInfo(older));
    expect(text).not.toMatch(/undefined|null|, ,|^, |, $/m);
    expect(text.length).toBeGreaterThan(0);
  });

  it('reads a stored answer of the wrong shape as missing, and keeps a retired option as it was', () => {
    const stored = parseStoredPortraitInfo({ ...validAnswers(), age: 42, attire: 'white_coat', hairColor: 'teal' });
    expect(stored).toMatchObject({ type: 'doctor', age: undefined, attire: undefined, hairColor: 'teal' });
    expect(prompts(stored)).toContain('teal hair');
  });
});
