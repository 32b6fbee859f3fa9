import { describe, expect, it } from 'vitest';
import { chooseDelivery, nextRound, type Candidate } from '@/server/services/likeness/choose';
import { judgePortrait, LIKENESS, likenessScore } from '@/shared/likeness';
import { goodAnalysis } from '../../support/photo-analysis';

/** A descriptor `d` away from the all-zero reference face. */
const face = (d: number) => [d, ...Array.from({ length: 127 }, () => 0)];
const reference = [face(0), face(0)];

describe('[likeness] judging one generated portrait', () => {
  it('scores 1 close to the customer, 0.25 at the threshold and 0 far off', () => {
    expect(likenessScore(0.2)).toBe(1);
    expect(likenessScore(LIKENESS.thresholdDistance)).toBe(LIKENESS.minScore);
    expect(likenessScore(0.4)).toBeCloseTo(0.7, 5);
    expect(likenessScore(0.9)).toBe(0);
  });

  it.each([
    { name: 'the customer', over: { descriptor: face(0.3) }, reasons: [] },
    { name: 'someone else', over: { descriptor: face(0.6) }, reasons: ['otherPerson'] },
    { name: 'no face', over: { faces: 0, face: undefined }, reasons: ['noFace'] },
    { name: 'two faces', over: { faces: 2 }, reasons: ['severalFaces'] },
    { name: 'a face cut off by the frame', over: { descriptor: face(0.3), landmarksOutside: 3 }, reasons: ['faceCutOff'] },
    { name: 'a blurred face', over: { descriptor: face(0.3), sharpness: 20 }, reasons: ['blurry'] },
  ])('$name: $reasons', ({ over, reasons }) => {
    expect(judgePortrait(goodAnalysis(over), reference).reasons).toEqual(reasons);
  });

  it('judges the pixels alone, with no score, when the order has no reference', () => {
    expect(judgePortrait(goodAnalysis({ descriptor: face(0.9) }), null)).toEqual({ score: null, reasons: [] });
    expect(judgePortrait(goodAnalysis({ faces: 0, face: undefined }), null)).toEqual({ score: null, reasons: ['noFace'] });
  });
});

const candidate = (no: number, look: string, score: number, passed = true): Candidate => ({ no, look, score, passed });

describe('[likeness] choosing what to deliver', () => {
  it('delivers the best that passed, best first, never one that failed', () => {
    const made = [candidate(1, 'a', 0.5), candidate(2, 'a', 0.9), candidate(3, 'a', 0.99, false), candidate(4, 'a', 0.7)];
    expect(chooseDelivery(made, 2, 4).map((c) => c.no)).toEqual([2, 4]);
    expect(chooseDelivery(made, 5, 4).map((c) => c.no)).toEqual([2, 4, 1]);
  });

  it("keeps the first round's mix of looks, and gives a look's places to the best of the rest when it lacks images", () => {
    // Planned half suit, half blazer; the blazer images score lower but keep their share.
    const made = [
      candidate(1, 'suit', 0.9),
      candidate(2, 'blazer', 0.5),
      candidate(3, 'suit', 0.95),
      candidate(4, 'blazer', 0.4),
      candidate(5, 'suit', 0.8),
      candidate(6, 'blazer', 0.45),
    ];
    expect(
      chooseDelivery(made, 4, 6)
        .map((c) => c.look)
        .sort(),
    ).toEqual(['blazer', 'blazer', 'suit', 'suit']);
    const fewBlazers = made.map((c) => (c.look === 'blazer' && c.no !== 2 ? { ...c, passed: false } : c));
    expect(chooseDelivery(fewBlazers, 4, 6).map((c) => c.no)).toEqual([3, 1, 5, 2]);
  });

  it('asks for another round sized from the pass rate, within the rounds and the images of the bound', () => {
    const bound = { extraRounds: 2, maxImages: 40 };
    expect(nextRound({ wanted: 20, made: 30, passed: 20, rounds: 0 }, bound)).toBeNull();
    expect(nextRound({ wanted: 20, made: 30, passed: 15, rounds: 0 }, bound)).toBe(10);
    // A bad start does not ask for the moon, nor past the bound.
    expect(nextRound({ wanted: 20, made: 30, passed: 0, rounds: 0 }, bound)).toBe(10);
    expect(nextRound({ wanted: 20, made: 40, passed: 10, rounds: 1 }, bound)).toBeNull();
    expect(nextRound({ wanted: 20, made: 34, passed: 15, rounds: 2 }, bound)).toBe(6);
    expect(nextRound({ wanted: 20, made: 36, passed: 15, rounds: 3 }, bound)).toBeNull();
  });
});
