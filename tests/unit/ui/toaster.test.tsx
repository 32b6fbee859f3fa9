// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $toasts, toast } from '@/stores/toast';
import { Toaster } from '@/ui/toaster';

describe('Toaster', () => {
  afterEach(() => $toasts.set([]));

  it('renders and announces a toast raised from outside React', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied', description: 'Paste it anywhere.' });
    });

    expect(screen.getByText('Link copied')).toBeTruthy();
    expect(screen.getByText('Paste it anywhere.')).toBeTruthy();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeTruthy();
    const status = await screen.findByRole('status');
    await expect.poll(() => status.textContent).toContain('Link copied');
  });

  it('styles destructive toasts red and closes from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Upload failed', variant: 'destructive' });
    });

    const title = screen.getByText('Upload failed');
    expect(title.closest('[data-slot="toast"]')?.className).toContain('bg-destructive');

    // Keyboard rather than a pointer click: the test DOM lacks the pointer-capture API Radix's swipe handling calls.
    screen.getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('{Enter}');
    expect($toasts.get()[0].open).toBe(false);
    expect(screen.queryByText('Upload failed')).toBeNull();
  });
});
