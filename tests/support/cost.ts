import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What one test file costs: CPU-seconds of this process and of the child processes it has ended
 * (servers a fault test started and stopped), and wall seconds. `recordCost` appends one JSON line a
 * file to `test-results/cost/<suite>.jsonl`; `npm run test:cost` reads them and checks the budgets in
 * `tests/cost-budgets.json`.
 */
export interface CostLine {
  suite: string;
  file: string;
  cpu: number;
  wall: number;
  /** The database engine of an integration run. */
  engine?: string;
}

export const costDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test-results/cost');

const ticksPerSecond = 100;

/**
 * User and system CPU of a process and its threads, in seconds (Linux' /proc), with the CPU of the
 * children it has reaped unless `own` (a caller that walks a process tree counts each process itself).
 */
export function cpuSeconds(pid: number | 'self' = 'self', { own = false } = {}): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return (own ? utime + stime : utime + stime + cutime + cstime) / ticksPerSecond;
  } catch {
    // Not Linux: the process's own CPU, without children.
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  }
}

export function recordCost(line: CostLine): void {
  mkdirSync(costDir, { recursive: true });
  appendFileSync(path.join(costDir, `${line.suite}.jsonl`), `${JSON.stringify(line)}\n`);
}

/** `root`-relative path with forward slashes, as the budget table names files. */
export function relativeTestPath(file: string): string {
  return path.relative(path.resolve(costDir, '../..'), file).split(path.sep).join('/');
}
