import { describe, expect, it } from 'vitest';
import { hashDistance, PHOTO_CHECK, photoReasons, setReasons, verdictOf } from '@/shared/photo-check';
import { goodAnalysis as good } from '../../support/photo-analysis';

/** A descriptor `distance` away from the all-zero one. */
const at = (distance: number) => [distance, ...Array.from({ length: 127 }, () => 0)];

describe('the selfie check rules', () => {
  it.each([
    { name: 'no face', photo: good({ faces: 0, face: undefined }), reasons: ['noFace'], verdict: 'refused' },
    { name: 'two faces', photo: good({ faces: 2 }), reasons: ['severalFaces'], verdict: 'refused' },
    {
      name: 'a face just under the minimum',
      photo: good({ face: { x: 250, y: 300, width: PHOTO_CHECK.minFaceWidth - 1, height: 250 } }),
      reasons: ['faceTooSmall'],
      verdict: 'refused',
    },
    {
      name: 'a face at the minimum',
      photo: good({ face: { x: 250, y: 300, width: PHOTO_CHECK.minFaceWidth, height: 250 } }),
      reasons: [],
      verdict: 'accepted',
    },
    { name: 'a face touching the left edge', photo: good({ face: { x: 0, y: 300, width: 300, height: 340 } }), reasons: ['faceCutOff'], verdict: 'refused' },
    { name: 'a face running off the bottom', photo: good({ face: { x: 250, y: 700, width: 300, height: 300 } }), reasons: ['faceCutOff'], verdict: 'refused' },
    { name: 'landmarks outside the frame', photo: good({ landmarksOutside: 3 }), reasons: ['faceCutOff'], verdict: 'refused' },
    { name: 'a blurry face', photo: good({ sharpness: PHOTO_CHECK.minSharpness - 1 }), reasons: ['blurry'], verdict: 'warning' },
    { name: 'a dark face', photo: good({ brightness: PHOTO_CHECK.minBrightness - 1 }), reasons: ['tooDark'], verdict: 'warning' },
    { name: 'a bright face', photo: good({ brightness: PHOTO_CHECK.maxBrightness + 1 }), reasons: ['tooBright'], verdict: 'warning' },
    {
      name: 'a small, blurry face',
      photo: good({ face: { x: 250, y: 300, width: 150, height: 170 }, sharpness: 10 }),
      reasons: ['faceTooSmall', 'blurry'],
      verdict: 'refused',
    },
    { name: 'a good selfie', photo: good(), reasons: [], verdict: 'accepted' },
  ])('$name: $verdict', ({ photo, reasons, verdict }) => {
    expect(photoReasons(photo)).toEqual(reasons);
    expect(verdictOf(photoReasons(photo))).toBe(verdict);
  });

  it('counts the differing bits of two hashes', () => {
    expect(hashDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('0f00000000000001', '0000000000000000')).toBe(5);
  });

  it('refuses the later copy of a near-identical photo, not the first', () => {
    const reasons = setReasons([good({ hash: '00000000000000ff' }), good({ hash: 'ff00000000000000' }), good({ hash: '000000000000003f' })]);
    expect(reasons).toEqual([[], [], ['duplicate']]);
    expect(PHOTO_CHECK.duplicateBits).toBeGreaterThanOrEqual(2);
  });

  it('refuses the one face far from the mean of the others, and keeps the rest', () => {
    const set = [0, 0.1, 0.05, 0.12, 0.08, 0.02].map((d, i) => good({ hash: `${i}`.repeat(16), descriptor: at(d) }));
    expect(setReasons([...set, good({ hash: 'a'.repeat(16), descriptor: at(0.7) })])).toEqual([[], [], [], [], [], [], ['otherPerson']]);
  });

  it('leaves refused photos out of the comparison of faces', () => {
    const set = [good({ hash: '1'.repeat(16), descriptor: at(0) }), good({ hash: '2'.repeat(16), faces: 2, descriptor: at(0.9) })];
    expect(setReasons(set)).toEqual([[], ['severalFaces']]);
  });
});
