import { describe, expect, it } from 'vitest';
import { photoNumbers, stepIndex, toggleFavorite } from '@/dashboard/photo-selector/photo-list';

describe('[orders] the viewer moves with wrap-around', () => {
  it.each([
    [0, -1, 20, 19],
    [19, 1, 20, 0],
    [0, 1, 20, 1],
    [5, -1, 20, 4],
    [0, -1, 1, 0],
    [0, 1, 1, 0],
    [2, -5, 3, 0],
    [0, 0, 0, 0],
  ])('from %i by %i among %i photos lands on %i', (index, delta, length, expected) => {
    expect(stepIndex(index, delta, length)).toBe(expected);
  });
});

describe('[orders] photos and favorites', () => {
  it.each([
    [0, []],
    [-3, []],
    [3, [1, 2, 3]],
  ])('an order with %i portraits shows %j', (count, expected) => {
    expect(photoNumbers(count)).toEqual(expected);
  });

  it.each([
    [[], 3, [3]],
    [[1, 5], 3, [1, 3, 5]],
    [[1, 3, 5], 3, [1, 5]],
    [[2], 2, []],
  ])('toggling %j with %i gives %j', (favorites, no, expected) => {
    expect(toggleFavorite(favorites, no)).toEqual(expected);
  });
});
