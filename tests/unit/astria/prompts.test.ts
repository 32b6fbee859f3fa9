import { describe, expect, it } from 'vitest';
import { combinationAt, MAX_IMAGES_PER_PROMPT, planPrompts, POSES, promptText } from '@/server/providers/generator/astria-prompts';
import { PACKAGES } from '@/shared/catalog/packages';
import type { PortraitInfo } from '@/shared/contracts/checkout';
import { PORTRAIT_SIZE } from '@/shared/limits';
import { validAnswers } from '../../support/answers';

const doctor: PortraitInfo = validAnswers();

/** Wide choices: more attire x background pairs (3 x 3 = 9) than Basic promises combinations. */
const generic: PortraitInfo = {
  ...validAnswers(),
  name: 'Professional Headshots',
  type: 'generic',
  package: 'basic',
  gender: 'man',
  age: '65 plus',
  skinColor: 'ebony',
  hairColor: 'gray',
  hairLength: 'short',
  bodyType: 'plus size',
  attire: ['navy_suit', 'charcoal_suit', 'blazer_open_collar'],
  background: ['studio_gray', 'office', 'city_skyline'],
  glass: 'all',
};

const single: PortraitInfo = { ...doctor, attire: ['scrubs'], background: ['clinic'], glass: 'some' };

function planFor(answers: PortraitInfo, packageId: string) {
  const pkg = PACKAGES.find((p) => p.id === packageId)!;
  const size = pkg.largeImages ? PORTRAIT_SIZE.large : PORTRAIT_SIZE.standard;
  return {
    pkg,
    size,
    plan: planPrompts({ answers, total: pkg.portraits, poses: pkg.poses, combinations: pkg.combinations, width: size.width, height: size.height }),
  };
}

const poseOf = (text: string) => POSES.find((pose) => text.endsWith(`, ${pose}`)) ?? '';

describe('[astria] prompts built from the wizard answers', () => {
  const cases = PACKAGES.flatMap((pkg) =>
    [doctor, generic, single].map((answers) => [pkg.id, answers.type, answers.attire.length * answers.background.length, answers] as const),
  );

  describe.each(cases)('%s package, %s answers with %i combinations', (packageId, _type, _pairs, answers) => {
    const { pkg, size, plan } = planFor(answers, packageId);

    it('asks for exactly the package count of images, 1 to 8 per prompt', () => {
      expect(plan.reduce((sum, p) => sum + p.numImages, 0)).toBe(pkg.portraits);
      expect(plan.every((p) => p.numImages >= 1 && p.numImages <= MAX_IMAGES_PER_PROMPT)).toBe(true);
    });

    it('spreads the images evenly', () => {
      const counts = plan.map((p) => p.numImages);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    });

    it('sizes every image explicitly for the package', () => {
      expect(plan.every((p) => p.w === size.width && p.h === size.height)).toBe(true);
      expect(plan.every((p) => !p.text.includes('--ar'))).toBe(true);
    });

    it('uses every chosen attire x background combination', () => {
      for (const attire of answers.attire) {
        for (const background of answers.background) {
          const pair = /wearing [^,]+, [^,]+ background/.exec(promptText(answers, { attire, background, pose: '', index: 0 }))![0];
          expect(plan.some((p) => p.text.includes(pair))).toBe(true);
        }
      }
    });

    it('shows as many distinct poses as the package promises', () => {
      const poses = new Set(plan.map((p) => poseOf(p.text)));
      expect(poses.size).toBe(pkg.poses ?? plan.length);
      expect([...poses].every((pose) => POSES.includes(pose))).toBe(true);
    });

    it('has at least as many prompts as promised combinations', () => {
      expect(plan.length).toBeGreaterThanOrEqual(Math.min(pkg.combinations ?? 0, pkg.portraits));
    });

    // With Astria's idempotency on, a second prompt with the same attributes would answer the first one.
    it('never asks for the same prompt twice', () => {
      expect(new Set(plan.map((p) => `${p.text}|${p.numImages}|${p.w}x${p.h}`)).size).toBe(plan.length);
    });
  });

  it.each([
    [
      'a woman doctor',
      doctor,
      'white_coat',
      'hospital_corridor',
      0,
      'ohwx woman, 30-40 years old, olive skin, bob cut brown hair, regular build, wearing white coat, hospital corridor background, bare eyes, clear view of the eyes, professional doctor portrait, POSE',
    ],
    [
      'a man over 65 with glasses',
      generic,
      'navy_suit',
      'city_skyline',
      0,
      'ohwx man, over 65 years old, ebony skin, short gray hair, plus size build, wearing navy suit, city skyline background, wearing glasses, professional business headshot portrait, POSE',
    ],
    [
      '"some" glasses on an even prompt',
      single,
      'scrubs',
      'clinic',
      2,
      'ohwx woman, 30-40 years old, olive skin, bob cut brown hair, regular build, wearing scrubs, clinic background, wearing glasses, professional doctor portrait, POSE',
    ],
    [
      '"some" glasses on an odd prompt',
      single,
      'scrubs',
      'clinic',
      3,
      'ohwx woman, 30-40 years old, olive skin, bob cut brown hair, regular build, wearing scrubs, clinic background, bare eyes, clear view of the eyes, professional doctor portrait, POSE',
    ],
    [
      'a bald man',
      { ...generic, hairLength: 'bald', hairColor: 'bald' },
      'crew_sweater',
      'office',
      1,
      'ohwx man, over 65 years old, ebony skin, bald, plus size build, wearing crew sweater, office background, wearing glasses, professional business headshot portrait, POSE',
    ],
  ] as const)('words the prompt for %s', (_name, answers, attire, background, index, expected) => {
    expect(promptText(answers as PortraitInfo, { attire, background, pose: 'POSE', index })).toBe(expected);
  });

  it.each([
    [2, 2],
    [3, 5],
    [4, 6],
    [20, 20],
    [1, 7],
  ])('reaches every attire and background within the first max(A, B) of %i x %i pairs, and each pair once', (a, b) => {
    const pairs = Array.from({ length: a * b }, (_, k) => combinationAt(k, a, b));
    expect(new Set(pairs.map(([x, y]) => `${x}:${y}`)).size).toBe(a * b);
    const first = pairs.slice(0, Math.max(a, b));
    expect(new Set(first.map(([x]) => x)).size).toBe(a);
    expect(new Set(first.map(([, y]) => y)).size).toBe(b);
  });

  it('says what to show, never what to leave out (Flux reads no negatives)', () => {
    for (const answers of [doctor, generic, single, { ...doctor, glass: 'none' as const }]) {
      for (const packageId of ['beta', 'basic', 'pro', 'executive']) {
        for (const { text } of planFor(answers, packageId).plan) expect(text, text).not.toMatch(/\b(no|not|without|never|avoid)\b/i);
      }
    }
  });

  it('keeps to the package count even when the chosen combinations outnumber the portraits', () => {
    const many = { ...doctor, attire: Array.from({ length: 5 }, (_, i) => `attire_${i}`), background: Array.from({ length: 6 }, (_, i) => `backdrop_${i}`) };
    const plan = planPrompts({ answers: many, total: 20, poses: null, combinations: null, width: 832, height: 1216 });
    expect(plan).toHaveLength(20);
    expect(plan.every((p) => p.numImages === 1)).toBe(true);
    for (let i = 0; i < 5; i++) expect(plan.some((p) => p.text.includes(`wearing attire ${i},`))).toBe(true);
    for (let i = 0; i < 6; i++) expect(plan.some((p) => p.text.includes(`backdrop ${i} background`))).toBe(true);
  });
});
