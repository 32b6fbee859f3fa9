import { describe, expect, it } from 'vitest';
import { FAKE_PROGRESS_CAP, FAKE_PROGRESS_STEP_MS, fakeProgressAt, nextFakeProgress, statusIndexAt } from '@/dashboard/create-order/fake-progress';

const series = (ticks: number) => Array.from({ length: ticks + 1 }, (_, i) => fakeProgressAt(i));

describe('[wizard] the checkout preparation progress', () => {
  it('ticks every 300 ms and stops at 95%', () => {
    expect(FAKE_PROGRESS_STEP_MS).toBe(300);
    expect(FAKE_PROGRESS_CAP).toBe(95);
  });

  it.each([0, 1, 5, 10, 20, 50, 200, 10_000])('never exceeds 95 after %i ticks', (ticks) => {
    expect(fakeProgressAt(ticks)).toBeLessThanOrEqual(95);
    expect(fakeProgressAt(ticks)).toBeGreaterThanOrEqual(0);
  });

  it('rises at every tick until it reaches the cap, then stays there', () => {
    const values = series(100);
    const capAt = values.indexOf(95);
    expect(capAt).toBeGreaterThan(5);
    for (let i = 1; i <= capAt; i++) expect(values[i]!, `tick ${i}`).toBeGreaterThan(values[i - 1]!);
    expect(new Set(values.slice(capAt))).toEqual(new Set([95]));
  });

  it('takes smaller steps as it rises', () => {
    const values = series(40);
    const steps = values.slice(1).map((v, i) => v - values[i]!);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!, `step ${i}`).toBeLessThanOrEqual(steps[i - 1]!);
    expect(steps[0]).toBeGreaterThan(steps[15]!);
  });

  it.each([
    [0, 14],
    [90, 91],
    [94, 95],
    [95, 95],
    [99, 95],
  ])('goes from %i to %i in one tick', (from, to) => {
    expect(nextFakeProgress(from)).toBe(to);
  });

  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [14, 2],
    [20, 4],
    [500, 4],
  ])('after %i ticks shows status message %i (the last one stays)', (ticks, index) => {
    expect(statusIndexAt(ticks)).toBe(index);
  });
});
