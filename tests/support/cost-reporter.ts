import { readdirSync, readFileSync } from 'node:fs';
import type { Reporter, TestCase } from '@playwright/test/reporter';
import { cpuSeconds, recordCost, relativeTestPath } from './cost';

/**
 * Playwright's side of the cost report (see cost.ts): the CPU a spec file cost is what the whole process
 * tree spent while its tests ran (the runner, its worker, Chromium, and the product's servers, which do
 * the work the page asks for), so each test's end charges the tree's CPU since the last one to its file.
 */
export default class CostReporter implements Reporter {
  private lastCpu = 0;
  private lastWall = 0;
  private readonly files = new Map<string, { cpu: number; wall: number }>();

  onBegin() {
    this.lastCpu = treeCpuSeconds(process.pid);
    this.lastWall = performance.now();
  }

  onTestEnd(test: TestCase) {
    const cpu = treeCpuSeconds(process.pid);
    const wall = performance.now();
    const file = relativeTestPath(test.location.file);
    const seen = this.files.get(file) ?? { cpu: 0, wall: 0 };
    this.files.set(file, { cpu: seen.cpu + cpu - this.lastCpu, wall: seen.wall + (wall - this.lastWall) / 1000 });
    this.lastCpu = cpu;
    this.lastWall = wall;
  }

  onEnd() {
    for (const [file, { cpu, wall }] of this.files) recordCost({ suite: 'e2e', file, cpu: round(cpu), wall: round(wall) });
  }

  printsToStdio() {
    return false;
  }
}

/** CPU seconds of `root` and every living descendant (each process's own and its reaped children's). */
function treeCpuSeconds(root: number): number {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = parents.get(p), hops++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) if (inTree(pid)) total += cpuSeconds(pid);
  return total;
}

const round = (n: number) => Math.round(n * 100) / 100;
