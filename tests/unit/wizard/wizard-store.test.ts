import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIZARD_STEPS } from '@/shared/catalog/wizard';
import {
  $wizard,
  addPhotos,
  chooseOption,
  enterWizard,
  goToStep,
  isStepAnswered,
  nextStep,
  previousStep,
  removeAllPhotos,
  removePhoto,
  resetWizard,
  setOptions,
  showsNext,
  startOver,
  stepOptionIds,
  toggleOption,
  type WizardPhoto,
  type WizardState,
  checkSummary,
  choosePerson,
  countedPhotos,
  photoStates,
  removeRefusedPhotos,
  replacePhoto,
  usablePhotos,
} from '@/stores/wizard';
import type { PhotoAnalysis } from '@/shared/photo-check';
import { browserAnalysis } from '../../support/photo-analysis';

let urls = 0;
/** Where each photo's face sits (one number per person), by key: the server answers distances to the earlier ones. */
const faces = new Map<string, number>();
/**
 * A checked photo as the uploader gets it: by default a good selfie of the same face as every other
 * (`face` 0), a picture of its own, with its face's distances to every photo made before it.
 */
const photo = (analysis: Partial<PhotoAnalysis> = {}, face = 0): WizardPhoto => {
  const n = ++urls;
  const key = n.toString(16).padStart(16, '0');
  const distances = Object.fromEntries([...faces].map(([other, at]) => [other, Math.abs(at - face)]));
  faces.set(key, face);
  const result = {
    verdict: 'accepted' as const,
    reasons: [],
    analysis: browserAnalysis({ hash: (n % 16).toString(16).repeat(16), ...analysis }, key, distances),
  };
  return { id: `p${n}`, name: `p${n}.jpg`, blob: new Blob(['x'], { type: 'image/jpeg' }), url: `blob:test/${n}`, check: { state: 'checked', result } };
};
const photos = (n: number) => Array.from({ length: n }, () => photo());
const checking = (): WizardPhoto => ({ ...photo(), check: { state: 'checking' } });
const stepIndex = (step: (typeof WIZARD_STEPS)[number]) => WIZARD_STEPS.indexOf(step);
const at = (step: (typeof WIZARD_STEPS)[number]) => $wizard.set({ ...$wizard.get(), step: stepIndex(step) });

describe('[wizard] the wizard store', () => {
  let revoke: ReturnType<typeof vi.fn<(url: string) => void>>;
  beforeEach(() => {
    // Watch the object URLs the store releases.
    revoke = vi.fn<(url: string) => void>();
    URL.revokeObjectURL = revoke;
    resetWizard();
    revoke.mockClear();
  });
  afterEach(() => {
    resetWizard();
  });

  it('starts on the first step with no answers for the category entered', () => {
    enterWizard('doctor');
    expect($wizard.get()).toMatchObject({ category: 'doctor', step: 0, answers: { attire: [], background: [] }, photos: [] });
  });

  it('keeps the answers, step and photos when the same category is entered again', () => {
    enterWizard('doctor');
    chooseOption('gender', 'woman');
    chooseOption('age', '30-40');
    addPhotos(photos(2));
    enterWizard('doctor');
    expect($wizard.get()).toMatchObject({ category: 'doctor', step: 2, answers: { gender: 'woman', age: '30-40' } });
    expect($wizard.get().photos).toHaveLength(2);
  });

  it('resets everything when the category changes, releasing the thumbnails', () => {
    enterWizard('doctor');
    chooseOption('gender', 'woman');
    addPhotos(photos(3));
    enterWizard('lawyer');
    expect($wizard.get()).toMatchObject({ category: 'lawyer', step: 0, answers: { attire: [], background: [] }, photos: [] });
    expect(revoke).toHaveBeenCalledTimes(3);
  });

  it('advances on a single choice, and only from that step', () => {
    enterWizard('doctor');
    chooseOption('gender', 'man');
    expect($wizard.get().step).toBe(1);
    // Changing an earlier answer from a later step does not jump around.
    at('glass');
    chooseOption('age', '21-24');
    expect($wizard.get().step).toBe(stepIndex('glass'));
  });

  it('drops answers the new gender does not offer when gender changes', () => {
    enterWizard('doctor');
    chooseOption('gender', 'woman');
    chooseOption('hairLength', 'bob cut');
    chooseOption('bodyType', 'regular');
    setOptions('attire', ['white_coat', 'white_coat_blouse', 'scrubs']);
    chooseOption('gender', 'man');
    const { answers } = $wizard.get();
    expect(answers.hairLength).toBeUndefined();
    expect(answers.bodyType).toBe('regular');
    expect(answers.attire).toEqual(['white_coat', 'scrubs']);
  });

  it.each([
    ['hairLength', 'doctor', 'man', ['bald', 'buzzed', 'short', 'medium', 'long']],
    ['hairLength', 'doctor', 'woman', ['bald', 'pixie cut', 'bob cut', 'medium length', 'long']],
    ['bodyType', 'doctor', 'woman', ['slim', 'regular', 'curvy', 'full figured', 'plus size']],
    ['attire', 'doctor', 'man', ['white_coat', 'white_coat_tie', 'scrubs']],
    ['attire', 'doctor', 'woman', ['white_coat', 'white_coat_blouse', 'scrubs']],
    ['attire', 'wedding', 'woman', ['wedding_gown', 'lace_gown']],
    ['background', 'doctor', undefined, ['hospital_corridor', 'clinic', 'studio_blue']],
    ['background', 'halloween_photos', 'man', ['pumpkin_patch', 'haunted_night']],
    ['attire', 'doctor', undefined, []],
  ] as const)('offers %s for %s / %s', (step, category, gender, ids) => {
    expect(stepOptionIds(step, category, gender)).toEqual(ids);
  });

  it('toggles multi-select choices, and selects or deselects all', () => {
    enterWizard('doctor');
    toggleOption('attire', 'scrubs');
    toggleOption('attire', 'white_coat');
    expect($wizard.get().answers.attire).toEqual(['scrubs', 'white_coat']);
    toggleOption('attire', 'scrubs');
    expect($wizard.get().answers.attire).toEqual(['white_coat']);
    setOptions('background', ['clinic', 'studio_blue']);
    expect($wizard.get().answers.background).toEqual(['clinic', 'studio_blue']);
    setOptions('background', []);
    expect($wizard.get().answers.background).toEqual([]);
  });

  const base = (): WizardState => ({ category: 'doctor', step: 0, answers: { attire: [], background: [] }, photos: [] });
  const NEXT_CASES: [string, boolean, WizardState][] = [
    ['gender unanswered', false, base()],
    ['gender answered', true, { ...base(), answers: { ...base().answers, gender: 'woman' } }],
    ['glass empty string', false, { ...base(), step: stepIndex('glass'), answers: { ...base().answers, glass: '' } }],
    ['attire with none chosen', false, { ...base(), step: stepIndex('attire') }],
    ['attire with one chosen', true, { ...base(), step: stepIndex('attire'), answers: { ...base().answers, attire: ['scrubs'] } }],
    ['background with none chosen', false, { ...base(), step: stepIndex('background') }],
    ['background with two chosen', true, { ...base(), step: stepIndex('background'), answers: { ...base().answers, background: ['clinic', 'studio_blue'] } }],
    ['photo upload with 5 photos', false, { ...base(), step: stepIndex('photoUpload'), photos: photos(5) }],
    ['photo upload with 6 photos', true, { ...base(), step: stepIndex('photoUpload'), photos: photos(6) }],
    ['photo upload with 10 photos', true, { ...base(), step: stepIndex('photoUpload'), photos: photos(10) }],
    ['photo upload with 6 photos, one still being checked', false, { ...base(), step: stepIndex('photoUpload'), photos: [...photos(5), checking()] }],
    ['photo upload with 6 photos, one of a group', false, { ...base(), step: stepIndex('photoUpload'), photos: [...photos(5), photo({ faces: 3 })] }],
    ['photo upload with 7 photos, one of a group', true, { ...base(), step: stepIndex('photoUpload'), photos: [...photos(6), photo({ faces: 3 })] }],
    ['photo upload with 6 photos, one blurry', true, { ...base(), step: stepIndex('photoUpload'), photos: [...photos(5), photo({ sharpness: 20 })] }],
    [
      'photo upload with 6 photos, two the same picture',
      false,
      { ...base(), step: stepIndex('photoUpload'), photos: [...photos(4), photo({ hash: 'abcdabcdabcdabcd' }), photo({ hash: 'abcdabcdabcdabcd' })] },
    ],
    ['the package step, everything answered', false, { ...base(), step: stepIndex('packageSelection'), photos: photos(6) }],
  ];

  it.each(NEXT_CASES)('Next on %s: %s', (_label, visible, state) => {
    expect(showsNext(state)).toBe(visible);
    expect(isStepAnswered(state, WIZARD_STEPS[state.step]!)).toBe(visible);
  });

  it("judges the photos as a set, as the checkout does, and counts them for the uploader's summary", () => {
    const set = [...photos(5), photo({}, 0.9), photo({ faces: 0, face: undefined })];
    expect(photoStates(set).map((s) => (s.state === 'checked' ? s.reasons : s.state))).toEqual([[], [], [], [], [], ['otherPerson'], ['noFace']]);
    expect(checkSummary(set)).toEqual({ ready: 5, attention: 2, checking: 0, refused: 2, undecided: 0 });
    expect(usablePhotos(set)).toEqual(set.slice(0, 5));
    // While a photo is still being checked, faces are not compared yet: nobody is accused for a moment.
    const arriving = [...set, checking()];
    expect(photoStates(arriving).map((s) => (s.state === 'checked' ? s.reasons : s.state))).toEqual([[], [], [], [], [], [], ['noFace'], 'checking']);
    expect(checkSummary(arriving)).toEqual({ ready: 6, attention: 1, checking: 1, refused: 1, undecided: 0 });
  });

  it('moves forward only from an answered step, and back until the first step', () => {
    enterWizard('doctor');
    nextStep();
    expect($wizard.get().step).toBe(0);
    chooseOption('gender', 'woman');
    expect(previousStep()).toBe(true);
    expect($wizard.get().step).toBe(0);
    nextStep();
    expect($wizard.get().step).toBe(1);
    previousStep();
    expect(previousStep()).toBe(false);
  });

  it("goes to a step the browser's history names, or to the first unanswered step before it", () => {
    enterWizard('doctor');
    chooseOption('gender', 'woman');
    chooseOption('age', '30-40');
    goToStep(0);
    expect($wizard.get().step).toBe(0);
    goToStep(2);
    expect($wizard.get().step).toBe(2);
    goToStep(9);
    expect($wizard.get().step).toBe(2);
  });

  it('starts over in the same category, releasing the thumbnails', () => {
    enterWizard('doctor');
    chooseOption('gender', 'woman');
    const added = photos(2);
    addPhotos(added);
    startOver();
    expect($wizard.get()).toEqual({ category: 'doctor', step: 0, answers: { attire: [], background: [] }, photos: [] });
    expect(revoke).toHaveBeenCalledTimes(2);
  });

  it('holds at most 10 photos, dropping the rest silently and releasing their thumbnails', () => {
    enterWizard('doctor');
    expect(addPhotos(photos(6))).toBe(6);
    expect(addPhotos(photos(5))).toBe(4);
    expect($wizard.get().photos).toHaveLength(10);
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(addPhotos(photos(1))).toBe(0);
    expect($wizard.get().photos).toHaveLength(10);
  });

  it('removes one photo or all of them, revoking their object URLs', () => {
    enterWizard('doctor');
    const added = photos(3);
    addPhotos(added);
    removePhoto(added[1]!.id);
    expect($wizard.get().photos.map((p) => p.id)).toEqual([added[0]!.id, added[2]!.id]);
    expect(revoke).toHaveBeenCalledWith(added[1]!.url);
    removeAllPhotos();
    expect($wizard.get().photos).toEqual([]);
    expect(revoke).toHaveBeenCalledTimes(3);
  });

  it('forgets everything on reset', () => {
    enterWizard('doctor');
    chooseOption('gender', 'woman');
    addPhotos(photos(2));
    resetWizard();
    expect($wizard.get()).toEqual({ category: null, step: 0, answers: { attire: [], background: [] }, photos: [] });
  });

  const refusedPhoto = () => photo({ faces: 3 });
  const ofPerson = (d: number) => photo({}, d);

  it('counts only the photos that would be sent against the limit of 10: refused ones leave room for good ones', () => {
    enterWizard('doctor');
    expect(addPhotos([...photos(4), ...Array.from({ length: 6 }, refusedPhoto)])).toBe(10);
    expect(countedPhotos($wizard.get().photos)).toBe(4);
    expect(addPhotos(photos(7))).toBe(6);
    expect($wizard.get().photos).toHaveLength(16);
    expect(countedPhotos($wizard.get().photos)).toBe(10);
    expect(usablePhotos($wizard.get().photos)).toHaveLength(10);
  });

  it('removes every refused photo at once, keeping the usable ones in their order', () => {
    enterWizard('doctor');
    const good = photos(3);
    const failed: WizardPhoto = { ...photo(), check: { state: 'failed', message: 'offline' } };
    addPhotos([good[0]!, refusedPhoto(), good[1]!, failed, refusedPhoto(), good[2]!, checking()]);
    removeRefusedPhotos();
    expect($wizard.get().photos.map((p) => p.check?.state)).toEqual(['checked', 'checked', 'checked', 'checking']);
    expect($wizard.get().photos.slice(0, 3)).toEqual(good);
    expect(revoke).toHaveBeenCalledTimes(3);
  });

  it('replaces a refused photo in its place', () => {
    enterWizard('doctor');
    const [first, bad, last] = [photo(), refusedPhoto(), photo()];
    addPhotos([first!, bad!, last!]);
    const fresh = checking();
    replacePhoto(bad!.id, fresh);
    expect($wizard.get().photos.map((p) => p.id)).toEqual([first!.id, fresh.id, last!.id]);
    expect(revoke).toHaveBeenCalledWith(bad!.url);
  });

  it('asks whose portraits these are with three photos of each of two people, and marks the others once the customer picks', () => {
    enterWizard('doctor');
    const set = [ofPerson(0), ofPerson(0.02), ofPerson(0.01), ofPerson(0.9), ofPerson(0.91), ofPerson(0.92)];
    addPhotos(set);
    const marks = () => photoStates($wizard.get().photos).map((s) => (s.state === 'checked' ? s.reasons.join() : s.state));
    expect(marks()).toEqual(Array.from({ length: 6 }, () => 'whichPerson'));
    expect(checkSummary($wizard.get().photos)).toMatchObject({ ready: 0, attention: 6, refused: 0, undecided: 6 });
    // Waiting for the answer, they still count against the limit and are not removed as refused.
    expect(countedPhotos($wizard.get().photos)).toBe(6);
    removeRefusedPhotos();
    expect($wizard.get().photos).toHaveLength(6);
    choosePerson(set[4]!.id);
    expect(marks()).toEqual(['otherPerson', 'otherPerson', 'otherPerson', '', '', '']);
    expect(usablePhotos($wizard.get().photos).map((p) => p.id)).toEqual(set.slice(3).map((p) => p.id));
    // A second pick replaces the first.
    choosePerson(set[0]!.id);
    expect(marks()).toEqual(['', '', '', 'otherPerson', 'otherPerson', 'otherPerson']);
    expect($wizard.get().photos.filter((p) => p.customer)).toHaveLength(1);
  });
});
