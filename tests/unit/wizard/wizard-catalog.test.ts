import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@/shared/catalog/categories';
import { CHOICE_STEPS, GENDERS, WIZARD_STEPS, offeredOptions, optionLabelKey } from '@/shared/catalog/wizard';

type Tree = { [key: string]: string | Tree };

const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));
const bundles = readdirSync(localesDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file, JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) as Tree] as const);

// Option values contain spaces but never dots, so a key splits on dots as i18next reads it.
const lookup = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

/** Every key the wizard shows: each step's question and the name of every option any category offers. */
const wizardKeys = [
  ...WIZARD_STEPS.map((step) => `wizard.steps.${step}`),
  ...CHOICE_STEPS.flatMap((step) =>
    CATEGORIES.flatMap((category) => GENDERS.flatMap((gender) => offeredOptions(step, category, gender).map((value) => optionLabelKey(step, value)))),
  ),
];

describe('[wizard] the step catalog', () => {
  it.each(bundles)('%s names every step and option the wizard shows', (_file, bundle) => {
    const missing = [...new Set(wizardKeys)].filter((key) => typeof lookup(bundle, key) !== 'string');
    expect(missing).toEqual([]);
  });
});
