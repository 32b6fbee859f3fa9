import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { budgetOf, overBudget } from '../../../scripts/test-cost';

/** The cost report's budget check (scripts/test-cost.ts), which ends `npm test`. */
const budgets = { defaults: { integration: 20, e2e: 50 }, files: { 'tests/integration/heavy.test.ts': 80 } };
const line = (file: string, suite: string, cpu: number) => ({ file, suite, cpu, wall: cpu });

describe('[test-cost] budgets', () => {
  it("takes a file's own budget before its suite's default", () => {
    expect(budgetOf(budgets, line('tests/integration/heavy.test.ts', 'integration', 0))).toBe(80);
    expect(budgetOf(budgets, line('tests/integration/light.test.ts', 'integration', 0))).toBe(20);
    expect(budgetOf(budgets, line('tests/e2e/site.spec.ts', 'e2e', 0))).toBe(50);
  });

  it('names the files that spent more CPU than their budget, on any engine, and no others', () => {
    const lines = [
      line('tests/integration/heavy.test.ts', 'integration', 79.9),
      { ...line('tests/integration/light.test.ts', 'integration', 20.5), engine: 'postgres' },
      line('tests/integration/other.test.ts', 'integration', 20),
      line('tests/e2e/site.spec.ts', 'e2e', 51),
    ];
    expect(overBudget(lines, budgets).map((l) => l.file)).toEqual(['tests/integration/light.test.ts', 'tests/e2e/site.spec.ts']);
  });

  it('has a default budget for every suite, so no test folder falls to "other"', () => {
    // A file's suite is its folder under tests/ (tests/support/cost-setup.ts); support/ holds no tests.
    const real = JSON.parse(readFileSync('tests/cost-budgets.json', 'utf8')) as { defaults: Record<string, number>; files: Record<string, number> };
    const suites = readdirSync('tests', { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'support');
    for (const { name } of suites) expect(real.defaults[name], name).toBeGreaterThan(0);
    expect(budgetOf(real, line('tests/site/landing.test.ts', 'site', 0))).toBe(real.defaults.site);
  });
});
