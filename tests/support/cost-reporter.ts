import { readdirSync, readFileSync } from 'node:fs';
import type { Reporter, TestCase } from '@playwright/test/reporter';
import { cpuSeconds, recordCost, relativeTestPath } from './cost';

/**
 * Playwright's side of the cost report (see cost.ts): the CPU a spec file cost is what the whole process
 * tree spent while its tests ran (the runner, its worker, Chromium, and the product's servers, which do
 * the work the page asks for), so each test's end charges its file with what each process of the tree
 * spent since it was last seen. A process that ends between two looks loses its last moments; none is
 * counted twice, and no figure goes down.
 */
export default class CostReporter implements Reporter {
  private readonly seen = new Map<number, number>();
  private lastWall = 0;
  private readonly files = new Map<string, { cpu: number; wall: number }>();

  onBegin() {
    this.spentSinceLastLook();
    this.lastWall = performance.now();
  }

  onTestEnd(test: TestCase) {
    const cpu = this.spentSinceLastLook();
    const wall = performance.now();
    const file = relativeTestPath(test.location.file);
    const sum = this.files.get(file) ?? { cpu: 0, wall: 0 };
    this.files.set(file, { cpu: sum.cpu + cpu, wall: sum.wall + (wall - this.lastWall) / 1000 });
    this.lastWall = wall;
  }

  onEnd() {
    for (const [file, { cpu, wall }] of this.files) recordCost({ suite: 'e2e', file, cpu: round(cpu), wall: round(wall) });
  }

  printsToStdio() {
    return false;
  }

  /** CPU seconds the tree under this process spent since the last look (each process's own, not its children's). */
  private spentSinceLastLook(): number {
    let spent = 0;
    for (const pid of treeOf(process.pid)) {
      const now = cpuSeconds(pid, { own: true });
      spent += Math.max(0, now - (this.seen.get(pid) ?? 0));
      this.seen.set(pid, now);
    }
    return spent;
  }
}

/** `root` and every living descendant. */
function treeOf(root: number): number[] {
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
  return [...parents.keys()].filter(inTree);
}

const round = (n: number) => Math.round(n * 100) / 100;
