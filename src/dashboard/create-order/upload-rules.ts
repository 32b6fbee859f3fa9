import { LIMITS } from '@/shared/limits';

/** What the uploader does with a chosen file before preparing it. */
export type FileKind = 'image' | 'heic' | 'not-image';

const HEIC = /\.(heic|heif)$/i;

/**
 * Sorts a file by its declared type and name. HEIC/HEIF photos count as images (some browsers can
 * decode them), but often arrive without a MIME type, so the extension decides for them.
 */
export function fileKind(file: { name: string; type: string }): FileKind {
  if (/^image\/hei[cf]/i.test(file.type) || HEIC.test(file.name)) return 'heic';
  if (file.type.startsWith('image/')) return 'image';
  return 'not-image';
}

export interface UploadPlan<T> {
  /** Images to prepare and add, in order, no more than the free slots. */
  accepted: T[];
  /** Files that are not images: skipped with a message. */
  notImages: T[];
  /** Images beyond the limit of 10: dropped silently. */
  dropped: T[];
}

/** Splits a batch of chosen files, given how many photos are already there. */
export function planUpload<T extends { name: string; type: string }>(current: number, files: readonly T[], max: number = LIMITS.photosMax): UploadPlan<T> {
  const images = files.filter((f) => fileKind(f) !== 'not-image');
  const room = Math.max(0, max - current);
  return {
    accepted: images.slice(0, room),
    notImages: files.filter((f) => fileKind(f) === 'not-image'),
    dropped: images.slice(room),
  };
}

export interface UploadStatus {
  count: number;
  /**
   * Locale key of the requirement line: enough usable photos; or not yet because some are still being
   * checked, or the customer has yet to say whose portraits these are; or too few.
   */
  messageKey: 'wizard.upload.needMore' | 'wizard.upload.enough' | 'wizard.upload.checkingSet' | 'wizard.upload.choosePerson';
  /** At 10 the dropzone gives way to a message and Delete All Photos. */
  full: boolean;
  canProceed: boolean;
}

/**
 * `count` photos that would be sent (refused ones do not count against the limit), `usable` of them
 * checked and not refused (all by default), `checking` still being checked, and `undecided` waiting for
 * the customer to say whose portraits these are. One message at a time, never one the others contradict.
 */
export function uploadStatus(count: number, usable = count, { checking = 0, undecided = 0 }: { checking?: number; undecided?: number } = {}): UploadStatus {
  const enough = usable >= LIMITS.photosMin;
  let messageKey: UploadStatus['messageKey'] = 'wizard.upload.needMore';
  if (enough) messageKey = 'wizard.upload.enough';
  else if (undecided > 0) messageKey = 'wizard.upload.choosePerson';
  else if (usable + checking >= LIMITS.photosMin) messageKey = 'wizard.upload.checkingSet';
  return { count, messageKey, full: count >= LIMITS.photosMax, canProceed: enough };
}
