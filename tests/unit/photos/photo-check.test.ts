import { describe, expect, it } from 'vitest';
import { groupFaces, hashDistance, PHOTO_CHECK, photoReasons, setReasons, verdictOf } from '@/shared/photo-check';
import { goodAnalysis as good } from '../../support/photo-analysis';

/** A descriptor `distance` away from the all-zero one. */
const at = (distance: number) => [distance, ...Array.from({ length: 127 }, () => 0)];

/** Where the faces of three people sit: 0.8 apart, much further than two photos of one person. */
const PEOPLE = { a: [0, 0], b: [0.8, 0], c: [0, 0.8] } as const;
let framing = 0;
/** Photo of a person: their place, plus a little of its own (0.1 on a dimension no other photo uses). */
const face = (person: keyof typeof PEOPLE) => {
  const n = ++framing;
  const descriptor = Array.from({ length: 128 }, () => 0);
  [descriptor[0], descriptor[1]] = PEOPLE[person];
  descriptor[2 + (n % 120)] = 0.1;
  // Sixteen photos in a row have hashes 16 bits or more apart: none is a copy of another.
  return good({ hash: (n % 16).toString(16).repeat(16), descriptor });
};
/** A set of photos written as the people in them, in order: 'aaaab' is four of a, then one of b. */
const set = (people: string) => [...people].map((person) => face(person as keyof typeof PEOPLE));
/** Each photo's set reason about who is in it, in the same shorthand: '.' none, 'o' otherPerson, '?' whichPerson. */
const personMarks = (reasons: string[][]) =>
  reasons.map((r) => (r.includes('otherPerson') ? 'o' : r.includes('whichPerson') ? '?' : r.length === 0 ? '.' : 'x')).join('');

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

  it('groups faces by their mean distance: a photo 0.56 from one of the others still joins them', () => {
    const descriptors = [at(0), at(0.1), at(0.05), [0.25, 0.5, ...Array.from({ length: 126 }, () => 0)], at(1.2)];
    expect(groupFaces(descriptors)).toEqual([[0, 1, 2, 3], [4]]);
  });

  describe('someone else: only the minority, and nobody when no one is the clear majority', () => {
    it.each([
      { people: 'aaaaab', marks: '.....o', name: '5 + 1: the one stranger' },
      { people: 'baaaaa', marks: 'o.....', name: '1 + 5: the stranger first' },
      { people: 'aaaabb', marks: '....oo', name: '4 + 2: both photos of the stranger' },
      { people: 'abbbba', marks: 'o....o', name: '2 + 4: the minority, wherever it sits' },
      { people: 'aab', marks: '..o', name: '2 + 1: two against one is a majority' },
      { people: 'aaabbb', marks: '??????', name: '3 + 3: nobody is accused, the customer is asked' },
      { people: 'ab', marks: '??', name: '1 + 1: the customer is asked' },
      { people: 'aabbcc', marks: '??????', name: '2 + 2 + 2: the customer is asked' },
      { people: 'aaabbc', marks: '??????', name: '3 + 2 + 1: no more than all the others together: asked' },
      { people: 'aaaabc', marks: '....oo', name: '4 + 1 + 1: the two strangers' },
      { people: 'aaaaaa', marks: '......', name: 'one person' },
      { people: 'a', marks: '.', name: 'one photo' },
    ])('$name', ({ people, marks }) => {
      const reasons = setReasons(set(people));
      expect(personMarks(reasons)).toBe(marks);
      // Asking is a refusal until answered: those photos are not sent.
      for (const own of reasons) expect(verdictOf(own)).toBe(own.length === 0 ? 'accepted' : 'refused');
    });

    it.each([
      { people: 'aaabbb', customer: 4, marks: 'ooo...', name: '3 + 3, b picked: the photos of a are someone else' },
      { people: 'ab', customer: 0, marks: '.o', name: '1 + 1, a picked' },
      { people: 'aabbcc', customer: 5, marks: 'oooo..', name: '2 + 2 + 2, c picked' },
      { people: 'aaaaab', customer: 5, marks: 'ooooo.', name: "5 + 1, the one picked: the customer's word stands" },
    ])('$name', ({ people, customer, marks }) => {
      expect(personMarks(setReasons(set(people), { customer }))).toBe(marks);
    });

    it('ignores a pick of a photo that is refused for what it shows, and falls back to the majority', () => {
      const photos = [...set('aaaa'), { ...face('b'), faces: 2 }, face('b')];
      expect(setReasons(photos, { customer: 4 })).toEqual([[], [], [], [], ['severalFaces'], ['otherPerson']]);
    });
  });
});
