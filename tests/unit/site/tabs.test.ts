import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '@/islands/tabs';

describe('[site] style gallery keyboard', () => {
  it.each([
    [0, 'ArrowRight', 1],
    [16, 'ArrowRight', 0],
    [0, 'ArrowLeft', 16],
    [5, 'ArrowUp', 4],
    [5, 'ArrowDown', 6],
    [9, 'Home', 0],
    [2, 'End', 16],
    [3, 'Enter', null],
  ] as const)('from tab %i, %s moves to %s', (current, key, expected) => {
    expect(nextTabIndex(current, key, 17)).toBe(expected);
  });
});
