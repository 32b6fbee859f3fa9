import { atom } from 'nanostores';

/** Only one toast is visible at a time. */
export const TOAST_LIMIT = 1;
/** A dismissed toast lingers this long so Radix can finish its exit before it leaves the store. */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds until the toast dismisses itself, e.g. 2000 for copy toasts. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  variant: ToastVariant;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (patch: ToastInput) => void;
}

/** The toasts the Toaster renders; a module-level atom so any island can raise one without React context. */
export const $toasts = atom<ToastItem[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>[]>();
let count = 0;

function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

function schedule(id: string, ms: number, run: () => void): void {
  timers.set(id, [...(timers.get(id) ?? []), setTimeout(run, ms)]);
}

function clearTimers(id: string): void {
  timers.get(id)?.forEach(clearTimeout);
  timers.delete(id);
}

function removeToast(id: string): void {
  clearTimers(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

function dismissOne(id: string): void {
  const current = $toasts.get().find((t) => t.id === id);
  if (!current?.open) return;
  clearTimers(id);
  schedule(id, TOAST_REMOVE_DELAY, () => removeToast(id));
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
}

/** Closes the toast with this id, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const ids = id === undefined ? $toasts.get().map((t) => t.id) : [id];
  ids.forEach(dismissOne);
}

/** Raises a toast, pushing out older ones beyond TOAST_LIMIT. */
export function toast({ variant = 'default', ...input }: ToastInput): ToastHandle {
  const id = nextId();
  const next = [{ ...input, id, variant, open: true }, ...$toasts.get()];
  for (const t of next.slice(TOAST_LIMIT)) clearTimers(t.id);
  $toasts.set(next.slice(0, TOAST_LIMIT));
  if (input.duration !== undefined) schedule(id, input.duration, () => dismissOne(id));

  return {
    id,
    dismiss: () => dismissOne(id),
    update: (patch) => $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, ...patch, variant: patch.variant ?? t.variant } : t))),
  };
}
