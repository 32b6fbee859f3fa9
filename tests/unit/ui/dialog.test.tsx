// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/ui/dialog';

describe('Dialog', () => {
  it('opens from the keyboard, is named by its title and closes with its Close button', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent fullScreen>
          <DialogTitle>View photo</DialogTitle>
          <DialogDescription>Photo 1 of 10</DialogDescription>
        </DialogContent>
      </Dialog>,
    );

    await user.tab();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'View photo' });
    expect(dialog.className).toContain('inset-0');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
