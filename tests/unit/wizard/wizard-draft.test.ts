// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/shared/limits';
import { $wizard, addPhotos, chooseOption, enterWizard, resetWizard, type WizardPhoto } from '@/stores/wizard';
import { clearDrafts, discardDraft, resumeDraft } from '@/stores/wizard-draft';
import { browserAnalysis } from '../../support/photo-analysis';

const photo = (n: number, checked = true): WizardPhoto => ({
  id: `p${n}`,
  name: `selfie-${n}.jpg`,
  // Node's Blob: the test's IndexedDB clones values with Node's structuredClone, as a browser clones its own.
  blob: new NodeBlob([`photo ${n}`], { type: 'image/jpeg' }) as unknown as Blob,
  url: `blob:test/${n}`,
  ...(checked
    ? { check: { state: 'checked' as const, result: { verdict: 'accepted' as const, reasons: [], analysis: browserAnalysis() } } }
    : { check: { state: 'checking' as const } }),
});

/** Waits for the debounced save to reach IndexedDB. */
const saved = () => new Promise((r) => setTimeout(r, 400));

/** A reload: the wizard's memory is gone, the browser's storage is not. */
async function reload() {
  resetWizard();
  await saved();
}

describe('[wizard] the draft kept in the browser', () => {
  let recheck: ReturnType<typeof vi.fn<(photos: WizardPhoto[]) => void>>;
  beforeEach(async () => {
    await clearDrafts();
    resetWizard();
    recheck = vi.fn<(photos: WizardPhoto[]) => void>();
    URL.createObjectURL = vi.fn(() => `blob:restored/${Math.random()}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await clearDrafts();
    resetWizard();
  });

  it('puts back the answers, the step and the photos of the same category, and checks again a photo whose check had not finished', async () => {
    enterWizard('doctor');
    await resumeDraft('Ada@Example.com', 'doctor', recheck);
    chooseOption('gender', 'woman');
    addPhotos([{ ...photo(1), customer: true }, photo(2, false)]);
    await saved();

    await reload();
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    const restored = $wizard.get();
    expect(restored).toMatchObject({ category: 'doctor', step: 1, answers: { gender: 'woman' } });
    expect(restored.photos.map((p) => p.name)).toEqual(['selfie-1.jpg', 'selfie-2.jpg']);
    expect(restored.photos.map((p) => p.blob.size)).toEqual(['photo 1'.length, 'photo 2'.length]);
    expect(restored.photos[0]!.check).toMatchObject({ state: 'checked' });
    // The customer's pick of whose portraits these are comes back with its photo.
    expect(restored.photos.map((p) => p.customer)).toEqual([true, undefined]);
    expect(restored.photos[1]!.check).toBeUndefined();
    expect(recheck).toHaveBeenLastCalledWith([restored.photos[1]]);
  });

  it("keeps one address's draft from another, and another category's wizard from it", async () => {
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    chooseOption('gender', 'woman');
    await saved();

    await reload();
    enterWizard('doctor');
    await resumeDraft('bob@example.com', 'doctor', recheck);
    expect($wizard.get()).toMatchObject({ step: 0, answers: {} });
    expect($wizard.get().answers.gender).toBeUndefined();

    await reload();
    enterWizard('lawyer');
    await resumeDraft('ada@example.com', 'lawyer', recheck);
    expect($wizard.get()).toMatchObject({ category: 'lawyer', step: 0 });
    // Opening another category leaves the draft alone until something is answered there.
    await saved();
    await reload();
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    expect($wizard.get().answers.gender).toBe('woman');
  });

  it(`forgets a draft ${LIMITS.draftDays} days after its last change, and one discarded or cleared at once`, async () => {
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    chooseOption('gender', 'woman');
    await saved();

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + LIMITS.draftDays * 24 * 60 * 60 * 1000 + 1000);
    await reload();
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    expect($wizard.get().answers.gender).toBeUndefined();
    vi.restoreAllMocks();

    chooseOption('gender', 'man');
    await saved();
    await discardDraft();
    await reload();
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    expect($wizard.get().answers.gender).toBeUndefined();

    chooseOption('gender', 'man');
    await saved();
    await clearDrafts();
    await reload();
    enterWizard('doctor');
    await resumeDraft('ada@example.com', 'doctor', recheck);
    expect($wizard.get().answers.gender).toBeUndefined();
  });
});
