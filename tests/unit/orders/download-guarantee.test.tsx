// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DownloadGuaranteeDialog } from '@/dashboard/photo-selector/download-guarantee-dialog';
import { useDownloadGuard } from '@/dashboard/photo-selector/use-download-guard';
import { WithI18n } from '../dashboard/helpers';

/** A download button behind the guard, with the dialog it opens, as the photo selector wires them. */
function Harness({ orderId = 'order-1', refundable, onDownload }: { orderId?: string; refundable: boolean; onDownload: () => void }) {
  const downloads = useDownloadGuard(orderId, refundable);
  return (
    <WithI18n>
      <button type="button" onClick={() => downloads.guard(onDownload)}>
        Download photo 1
      </button>
      <DownloadGuaranteeDialog open={downloads.asking} onConfirm={downloads.confirm} onCancel={downloads.cancel} />
    </WithI18n>
  );
}

const TITLE = 'Downloading ends your 7-day money-back guarantee';

describe('[orders] the first download of a refundable order', () => {
  it('asks once: Cancel downloads nothing, Download downloads, and the next download does not ask', async () => {
    const onDownload = vi.fn();
    render(<Harness refundable onDownload={onDownload} />);

    await userEvent.click(screen.getByRole('button', { name: 'Download photo 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: TITLE });
    expect(dialog.textContent).toContain('Once you download one, on its own or in a zip, this order can no longer be refunded.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDownload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Download photo 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDownload).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Download photo 1' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDownload).toHaveBeenCalledTimes(2);
  });

  it('does not ask when the order cannot be refunded anyway', async () => {
    const onDownload = vi.fn();
    render(<Harness refundable={false} onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download photo 1' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('asks again for another order', async () => {
    const onDownload = vi.fn();
    const { rerender } = render(<Harness orderId="order-1" refundable onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download photo 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    rerender(<Harness orderId="order-2" refundable onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download photo 1' }));
    expect(await screen.findByRole('alertdialog', { name: TITLE })).toBeTruthy();
  });
});
