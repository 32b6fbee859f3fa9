import { portraitFileName, portraitUrl } from '@/shared/orders';

/**
 * Saves portrait `no` (at `version`, the order info's) as `photo-{no}.jpg`: the bytes are fetched as a blob and handed to an
 * `<a download>`, so the file name is ours whatever the server calls it. The server records the download
 * as it sends the full-resolution bytes, so nothing is reported afterwards; the browser's cache is
 * bypassed so that every download reaches the server (a copy cached by an older viewer would not).
 * Failures are only logged.
 */
export async function downloadPhoto(orderId: string, no: number, { imageToken, version }: { imageToken?: string; version?: number } = {}): Promise<void> {
  try {
    const response = await fetch(portraitUrl(orderId, no, { token: imageToken, version }), { credentials: 'include', cache: 'reload' });
    if (!response.ok) throw new Error(`Photo ${no} could not be fetched (HTTP ${response.status})`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = portraitFileName(no);
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser reads the blob after the click returns; let it finish before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    console.error('Could not download the photo', error);
  }
}
