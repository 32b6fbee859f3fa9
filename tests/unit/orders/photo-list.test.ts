import { describe, expect, it } from 'vitest';
import { galleryOrder, photoNumbers, settledReplacements, stepIndex, toggleFavorite } from '@/dashboard/photo-selector/photo-list';

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

describe('[orders] the gallery order and the replacements watched', () => {
  it.each([
    [
      'the ranking as it is',
      [
        { no: 2, version: 1 },
        { no: 1, version: 0 },
      ],
      2,
      [
        { no: 2, version: 1 },
        { no: 1, version: 0 },
      ],
    ],
    [
      'numbers it does not list yet after it',
      [{ no: 3, version: 0 }],
      3,
      [
        { no: 3, version: 0 },
        { no: 1, version: 0 },
        { no: 2, version: 0 },
      ],
    ],
    [
      'no ranking: by number',
      [],
      2,
      [
        { no: 1, version: 0 },
        { no: 2, version: 0 },
      ],
    ],
    ['nothing', [], 0, []],
  ])('%s', (_case, ranked, imageGenerated, expected) => {
    expect(galleryOrder(ranked, imageGenerated)).toEqual(expected);
  });

  it.each([
    ['still pending: nothing settled', [4], { pending: [4], failed: [] }, []],
    ['no longer pending: replaced', [4], { pending: [], failed: [] }, [[4, 'done']]],
    ['among the failed: failed', [4, 5], { pending: [5], failed: [4] }, [[4, 'failed']]],
    ['a failure of another portrait is not ours', [4], { pending: [], failed: [2] }, [[4, 'done']]],
  ])('%s', (_case, watched, replacements, expected) => {
    expect([...settledReplacements(watched, replacements)]).toEqual(expected);
  });
});
