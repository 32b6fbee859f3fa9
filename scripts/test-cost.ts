import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CostLine, costDir } from '../tests/support/cost.js';

/**
 * The test run's cost report. Every suite appends one line per test file to `test-results/cost/<suite>.jsonl`
 * (CPU and wall seconds: tests/support/cost.ts). `npm run test:cost` prints the 20 most expensive files;
 * `--check` also fails when a file spent more CPU than its budget in `tests/cost-budgets.json`, naming the
 * file and both figures.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgetsFile = path.join(root, 'tests/cost-budgets.json');

type Line = CostLine;
interface Budgets {
  /** CPU seconds a file of each suite may spend when the table does not name it. */
  defaults: Record<string, number>;
  /** CPU seconds per file, by path. */
  files: Record<string, number>;
}

export function readLines(dir = costDir): Line[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as Line),
    );
}

export function budgetOf(budgets: Budgets, line: Pick<Line, 'suite' | 'file'>): number {
  return budgets.files[line.file] ?? budgets.defaults[line.suite] ?? budgets.defaults.other ?? Number.POSITIVE_INFINITY;
}

/** The lines over their file's budget. */
export function overBudget(lines: Line[], budgets: Budgets): Line[] {
  return lines.filter((line) => line.cpu > budgetOf(budgets, line));
}

const label = (line: Line) => `${line.file}${line.engine ? ` (${line.engine})` : ''}`;

function main(args: string[]) {
  const lines = readLines();
  if (lines.length === 0) {
    console.log('No test costs recorded yet: run a suite first (they are written to test-results/cost/).');
    return args.includes('--check') ? 1 : 0;
  }
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as Budgets;
  const top = [...lines].sort((a, b) => b.cpu - a.cpu).slice(0, 20);
  const width = Math.max(...top.map((line) => label(line).length));
  console.log(`The ${top.length} most expensive test files (CPU seconds, wall seconds, budget):`);
  for (const line of top) {
    console.log(`  ${label(line).padEnd(width)}  ${line.cpu.toFixed(1).padStart(7)} CPU-s  ${line.wall.toFixed(1).padStart(7)} s  ${budgetOf(budgets, line)}`);
  }
  const bySuite = new Map<string, { cpu: number; files: number }>();
  for (const line of lines) {
    const key = `${line.suite}${line.engine ? ` on ${line.engine}` : ''}`;
    const sum = bySuite.get(key) ?? { cpu: 0, files: 0 };
    bySuite.set(key, { cpu: sum.cpu + line.cpu, files: sum.files + 1 });
  }
  for (const [suite, { cpu, files }] of bySuite) console.log(`  ${suite}: ${files} files, ${cpu.toFixed(0)} CPU-s`);
  if (!args.includes('--check')) return 0;
  const over = overBudget(lines, budgets);
  for (const line of over)
    console.error(`Over budget: ${label(line)} spent ${line.cpu.toFixed(1)} CPU-s, its budget is ${budgetOf(budgets, line)} (tests/cost-budgets.json).`);
  return over.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
