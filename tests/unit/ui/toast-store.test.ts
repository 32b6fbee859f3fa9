import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY } from '@/stores/toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });

  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('keeps only the newest toast when two are raised', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });

    expect(TOAST_LIMIT).toBe(1);
    expect($toasts.get().map((t) => t.title)).toEqual(['Second']);
    expect($toasts.get()[0].open).toBe(true);
  });

  it('marks a dismissed toast closed and removes it after the removal delay', () => {
    const { id } = toast({ title: 'Saved' });

    dismissToast(id);
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false })]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect($toasts.get()).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect($toasts.get()).toEqual([]);
  });

  it('dismisses every toast when called without an id', () => {
    toast({ title: 'Saved' });
    dismissToast();
    expect($toasts.get().every((t) => !t.open)).toBe(true);
  });

  it('dismisses itself after its duration', () => {
    const handle = toast({ title: 'Copied', duration: 2000 });

    vi.advanceTimersByTime(1999);
    expect($toasts.get()[0].open).toBe(true);

    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]).toMatchObject({ id: handle.id, open: false });

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect($toasts.get()).toEqual([]);
  });

  it('keeps the destructive variant and defaults others to default', () => {
    toast({ title: 'Failed', variant: 'destructive' });
    expect($toasts.get()[0].variant).toBe('destructive');

    toast({ title: 'Fine' });
    expect($toasts.get()[0].variant).toBe('default');
  });

  it('updates and dismisses through the returned handle', () => {
    const handle = toast({ title: 'Uploading', variant: 'destructive' });

    handle.update({ title: 'Uploaded' });
    expect($toasts.get()[0]).toMatchObject({ title: 'Uploaded', variant: 'destructive', open: true });

    handle.dismiss();
    expect($toasts.get()[0].open).toBe(false);
  });
});
