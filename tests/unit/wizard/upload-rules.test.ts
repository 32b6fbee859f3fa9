import { describe, expect, it } from 'vitest';
import { scaledSize } from '@/dashboard/create-order/downscale-photo';
import { fileKind, planUpload, uploadStatus } from '@/dashboard/create-order/upload-rules';
import { createI18n } from '@/shared/i18n';
import { RESOURCES } from '@/shared/i18n-bundles';

const { t } = createI18n('us', RESOURCES);
const jpeg = (name: string) => ({ name, type: 'image/jpeg' });
const jpegs = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => jpeg(`${prefix}${i + 1}.jpg`));

describe('[wizard] the photo uploader rules', () => {
  it.each([
    [{ name: 'me.jpg', type: 'image/jpeg' }, 'image'],
    [{ name: 'me.png', type: 'image/png' }, 'image'],
    [{ name: 'me.webp', type: 'image/webp' }, 'image'],
    [{ name: 'IMG_0001.HEIC', type: '' }, 'heic'],
    [{ name: 'photo.heif', type: 'image/heif' }, 'heic'],
    [{ name: 'photo', type: 'image/heic-sequence' }, 'heic'],
    [{ name: 'notes.txt', type: 'text/plain' }, 'not-image'],
    [{ name: 'cv.pdf', type: 'application/pdf' }, 'not-image'],
    [{ name: 'mystery', type: '' }, 'not-image'],
  ] as const)('%o is %s', (file, kind) => {
    expect(fileKind(file)).toBe(kind);
  });

  it.each([
    // current, chosen, accepted, dropped
    [0, 5, 5, 0],
    [5, 1, 1, 0],
    [6, 5, 4, 1],
    [0, 11, 10, 1],
    [0, 30, 10, 20],
    [9, 3, 1, 2],
    [10, 2, 0, 2],
  ])('with %i photos, %i chosen: %i kept, %i silently dropped', (current, chosen, accepted, dropped) => {
    const plan = planUpload(current, jpegs(chosen));
    expect(plan.accepted).toHaveLength(accepted);
    expect(plan.dropped).toHaveLength(dropped);
    expect(plan.notImages).toEqual([]);
    // The first ones chosen are the ones kept.
    expect(plan.accepted.map((f) => f.name)).toEqual(jpegs(accepted).map((f) => f.name));
  });

  it('skips non-images with a message and does not let them take a photo slot', () => {
    const text = { name: 'notes.txt', type: 'text/plain' };
    const plan = planUpload(8, [text, ...jpegs(3)]);
    expect(plan.notImages).toEqual([text]);
    expect(plan.accepted.map((f) => f.name)).toEqual(['p1.jpg', 'p2.jpg']);
    expect(plan.dropped.map((f) => f.name)).toEqual(['p3.jpg']);
  });

  it.each([
    [0, 'Please upload at least 6 photos', false, false],
    [5, 'Please upload at least 6 photos', false, false],
    [6, 'Minimum requirement met', true, false],
    [9, 'Minimum requirement met', true, false],
    [10, 'Minimum requirement met', true, true],
  ])('with %i photos says "%s" (Next: %s, full: %s)', (count, text, canProceed, full) => {
    const status = uploadStatus(count);
    expect(status.messageKey.split('.')[1]).toBe('upload');
    expect(t(status.messageKey)).toBe(text);
    expect(status).toMatchObject({ count, canProceed, full });
  });

  it.each([
    { name: '4 usable (6 refused, not counted)', counted: 4, usable: 4, more: {}, text: 'Please upload at least 6 photos', full: false },
    { name: '10 sent, 3 checked, 7 being checked', counted: 10, usable: 3, more: { checking: 7 }, text: 'Checking your photos...', full: true },
    { name: '5 usable, 1 being checked', counted: 6, usable: 5, more: { checking: 1 }, text: 'Checking your photos...', full: false },
    { name: '4 usable, 1 being checked', counted: 5, usable: 4, more: { checking: 1 }, text: 'Please upload at least 6 photos', full: false },
    { name: 'three and three of two people', counted: 6, usable: 0, more: { undecided: 6 }, text: 'Tell us who the portraits are for', full: false },
    { name: 'five and five of two people', counted: 10, usable: 0, more: { undecided: 10 }, text: 'Tell us who the portraits are for', full: true },
    { name: '10 usable', counted: 10, usable: 10, more: {}, text: 'Minimum requirement met', full: true },
  ])('$name: "$text", never "Please upload at least 6 photos" beside a full uploader', ({ counted, usable, more, text, full }) => {
    const status = uploadStatus(counted, usable, more);
    expect(t(status.messageKey)).toBe(text);
    expect(status.full).toBe(full);
    if (status.full) expect(status.messageKey).not.toBe('wizard.upload.needMore');
  });

  it('counts as the spec says: Uploaded: n/10', () => {
    expect(t('wizard.upload.counter', { count: 7 })).toBe('Uploaded: 7/10');
    expect(t('wizard.upload.deleteAll')).toBe('Delete All Photos');
  });

  it.each([
    [4032, 3024, 2048, 1536],
    [3024, 4032, 1536, 2048],
    [2048, 1000, 2048, 1000],
    [900, 1200, 900, 1200],
    [5000, 5000, 2048, 2048],
  ])('scales %ix%i to %ix%i (long side at most 2048, never enlarged)', (w, h, ew, eh) => {
    expect(scaledSize(w, h)).toEqual({ width: ew, height: eh });
  });
});
