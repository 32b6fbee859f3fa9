import type { CategoryId } from '@/shared/catalog/categories';
import { LIMITS } from '@/shared/limits';
import { $wizard, goToStep, startOver, type WizardAnswers, type WizardPhoto, type WizardState } from './wizard';

/**
 * The order being put together, kept in this browser so that a reload, a closed tab, a phone that
 * dropped the tab while the customer was in the photo app, or a second tab finds it again. One draft
 * per signed-in address: the answers, the step and each photo's name and finished check are written to
 * localStorage at every change (synchronously, so a reload a moment after a click finds it), the
 * photos themselves (the downscaled JPEGs) to IndexedDB once each. The photos are personal data, so a
 * draft goes on logout, on account deletion, once an order is paid, with "Start over", and
 * `LIMITS.draftDays` after its last change (docs/decisions.md, "Drafts"). Where storage is refused
 * (some private windows), the wizard works as before, in memory.
 */
const PREFIX = 'portrait-studio-draft:';
const DB_NAME = 'portrait-studio-drafts';
const STORE = 'photos';

interface StoredPhoto {
  /** Where the photo's bytes are in IndexedDB: `{owner}/{key}`. */
  key: string;
  name: string;
  /** Only a finished check is kept; a photo still being checked is checked again on restore. */
  check?: Extract<NonNullable<WizardPhoto['check']>, { state: 'checked' }>;
  /** The customer picked this photo as one of the person the portraits are for. */
  customer?: true;
}

interface StoredDraft {
  savedAt: number;
  category: CategoryId;
  step: number;
  answers: WizardAnswers;
  photos: StoredPhoto[];
}

const storageKey = (who: string) => PREFIX + who;
const ownerOf = (email: string) => email.trim().toLowerCase();
const maxAgeMs = () => LIMITS.draftDays * 24 * 60 * 60 * 1000;
const hasStorage = () => typeof localStorage !== 'undefined' && typeof indexedDB !== 'undefined';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `use` in one transaction of the photo store and resolves when it has committed. */
async function withPhotos<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The key under which a photo's bytes are stored, the same for the same Blob however often it is saved. */
const blobKeys = new WeakMap<Blob, string>();
let keyCounter = 0;
function keyOf(blob: Blob): { key: string; fresh: boolean } {
  const known = blobKeys.get(blob);
  if (known) return { key: known, fresh: false };
  const key = `${Date.now().toString(36)}-${(++keyCounter).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  blobKeys.set(blob, key);
  return { key, fresh: true };
}

let owner: string | null = null;
/** The owner and photo keys IndexedDB was last brought in line with (`save` skips it while they hold). */
let savedPhotoKeys = '';
let applying = false;
let stopWatching: (() => void) | null = null;

const hasWork = (state: WizardState) =>
  state.photos.length > 0 || Object.values(state.answers).some((answer) => (Array.isArray(answer) ? answer.length > 0 : Boolean(answer)));

function readStored(who: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(who));
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

/**
 * Saves the wizard as it stands. A wizard with nothing in it saves nothing: opening another category
 * (which starts afresh) leaves the draft alone until something is answered there; only `discardDraft`
 * deletes one.
 */
/**
 * A finished check as a draft keeps it: never a face descriptor (drafts saved before the uploader stopped
 * getting them may hold one; it is dropped on the way in and out).
 */
function storable(check: NonNullable<StoredPhoto['check']>): NonNullable<StoredPhoto['check']> {
  if (!('descriptor' in check.result.analysis)) return check;
  const { descriptor: _, ...analysis } = check.result.analysis as typeof check.result.analysis & { descriptor?: unknown };
  return { ...check, result: { ...check.result, analysis } };
}

function save(): void {
  const who = owner;
  const state = $wizard.get();
  if (!who || !state.category || !hasWork(state)) return;
  const fresh: { key: string; blob: Blob }[] = [];
  const photos = state.photos.map((photo): StoredPhoto => {
    const { key, fresh: isFresh } = keyOf(photo.blob);
    if (isFresh) fresh.push({ key, blob: photo.blob });
    return {
      key,
      name: photo.name,
      ...(photo.check?.state === 'checked' ? { check: storable(photo.check) } : {}),
      ...(photo.customer ? { customer: true as const } : {}),
    };
  });
  const draft: StoredDraft = { savedAt: Date.now(), category: state.category, step: state.step, answers: state.answers, photos };
  try {
    localStorage.setItem(storageKey(who), JSON.stringify(draft));
  } catch {
    // A full or refused storage keeps the wizard working in memory; nothing to tell the customer.
    return;
  }
  // Most changes are answers and checks: IndexedDB is touched only when the set of photos changed.
  const keys = `${who}:${photos.map((p) => p.key).join(',')}`;
  if (fresh.length === 0 && keys === savedPhotoKeys) return;
  savedPhotoKeys = keys;
  const kept = new Set(photos.map((p) => `${who}/${p.key}`));
  void withPhotos('readwrite', (store) => {
    for (const { key, blob } of fresh) store.put(blob, `${who}/${key}`);
    // Photos removed from the draft go too.
    const range = IDBKeyRange.bound(`${who}/`, `${who}/\uffff`);
    const cursor = store.openKeyCursor(range);
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      if (!kept.has(String(at.key))) store.delete(at.key);
      at.continue();
    };
    return undefined;
  }).catch(() => {});
}

/** Deletes a stored draft and its photos. */
async function forget(who: string): Promise<void> {
  savedPhotoKeys = '';
  localStorage.removeItem(storageKey(who));
  await withPhotos('readwrite', (store) => store.delete(IDBKeyRange.bound(`${who}/`, `${who}/\uffff`))).catch(() => {});
}

let photoCounter = 0;

/**
 * Puts a stored draft into the wizard, with the photos whose bytes are stored; returns the ones to check
 * again. `ifEmpty`: not over answers the customer gave while the photos were being read. `step`: this
 * tab's own place (its history entry, or where it is), kept when the draft's answers reach it: each tab
 * keeps its place, and only the answers and photos are shared.
 */
async function apply(who: string, draft: StoredDraft, { ifEmpty = false, step }: { ifEmpty?: boolean; step?: number } = {}): Promise<WizardPhoto[]> {
  const photos: WizardPhoto[] = [];
  for (const stored of draft.photos) {
    const blob = (await withPhotos('readonly', (store) => store.get(`${who}/${stored.key}`)).catch(() => undefined)) as Blob | undefined;
    if (!blob) continue;
    blobKeys.set(blob, stored.key);
    photos.push({
      id: `draft-photo-${++photoCounter}`,
      name: stored.name,
      blob,
      url: URL.createObjectURL(blob),
      ...(stored.check ? { check: storable(stored.check) } : {}),
      ...(stored.customer ? { customer: true as const } : {}),
    });
  }
  if (owner !== who || (ifEmpty && hasWork($wizard.get()))) {
    for (const photo of photos) URL.revokeObjectURL(photo.url);
    return [];
  }
  for (const photo of $wizard.get().photos) URL.revokeObjectURL(photo.url);
  applying = true;
  try {
    $wizard.set({ category: draft.category, step: step ?? draft.step, answers: draft.answers, photos });
    if (step !== undefined) goToStep(step);
  } finally {
    applying = false;
  }
  return photos.filter((photo) => !photo.check);
}

/**
 * Starts keeping the wizard for `email` and, when the wizard holds nothing yet for `category`, puts
 * back that address's draft of it, handing `recheck` the restored photos whose check must be asked for
 * again. Later changes are saved; another tab's changes to the same category are taken in.
 */
export async function resumeDraft(
  email: string,
  category: CategoryId,
  recheck: (photos: WizardPhoto[]) => void,
  { step }: { step?: number } = {},
): Promise<void> {
  if (!hasStorage()) return;
  const who = ownerOf(email);
  if (owner !== who) {
    stopWatching?.();
    owner = who;
    stopWatching = watch(recheck);
  }
  if (hasWork($wizard.get())) return;
  const draft = readStored(who);
  if (!draft) return;
  if (Date.now() - draft.savedAt > maxAgeMs()) {
    await forget(who);
    return;
  }
  if (draft.category === category) recheck(await apply(who, draft, { ifEmpty: true, step }));
}

function watch(recheck: (photos: WizardPhoto[]) => void): () => void {
  const unsubscribe = $wizard.listen(() => {
    if (!applying) save();
  });
  // Another tab saved (or cleared) this draft: this tab follows, when it shows the same category.
  const onStorage = (event: StorageEvent) => {
    const who = owner;
    if (!who || event.key !== storageKey(who)) return;
    const draft = readStored(who);
    if (draft) {
      if (draft.category === $wizard.get().category) void apply(who, draft, { step: $wizard.get().step }).then(recheck);
    } else if (hasWork($wizard.get())) {
      applying = true;
      try {
        startOver();
      } finally {
        applying = false;
      }
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** Deletes the signed-in customer's draft (paid, or "Start over"); other tabs clear theirs too. */
export async function discardDraft(): Promise<void> {
  const who = owner;
  if (!who || !hasStorage()) return;
  await forget(who);
}

/** Deletes every draft in this browser (logout, account deletion). Never rejects. */
export async function clearDrafts(): Promise<void> {
  savedPhotoKeys = '';
  stopWatching?.();
  stopWatching = null;
  owner = null;
  if (!hasStorage()) return;
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
