import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from 'lucide-react';
import { portraitUrl } from '@/shared/orders';
import { Button } from '@/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/ui/dialog';
import { PhotoActions, PREVIEW_SIZE } from './photo-grid';
import { stepIndex } from './photo-list';

export interface PhotoViewerProps {
  orderId: string;
  /** The order info's `imageToken` (see PhotoGrid). */
  imageToken?: string;
  /** The photos the viewer moves through (those of the tab it was opened from). */
  photos: number[];
  /** Position in `photos`, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  favorites: ReadonlySet<number>;
  onToggleFavorite: (no: number) => void;
  onDownload: (no: number) => void;
}

/**
 * The full-screen viewer: the photo's preview (sized for a screen, lower than the deliverable, so
 * looking is never a download), favorite, download and close, previous/next arrows that wrap around,
 * 'Photo X of N'. Left and right arrow keys move; Escape closes (Radix).
 */
export function PhotoViewer({ orderId, imageToken, photos, index, onIndexChange, favorites, onToggleFavorite, onDownload }: PhotoViewerProps) {
  const { t } = useTranslation();
  const open = index !== null && photos.length > 0;
  const position = open ? Math.min(index, photos.length - 1) : 0;
  const no = photos[position];
  const move = (delta: number) => onIndexChange(stepIndex(position, delta, photos.length));

  // Warm the cache with the neighbours' previews, so moving feels instant.
  useEffect(() => {
    if (!open || photos.length < 2) return;
    for (const delta of [1, -1]) {
      new Image().src = portraitUrl(orderId, photos[stepIndex(position, delta, photos.length)], { size: 'preview', token: imageToken });
    }
  }, [open, orderId, imageToken, photos, position]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onIndexChange(null)}>
      <DialogContent
        fullScreen
        showCloseButton={false}
        aria-describedby={undefined}
        className="gap-0 overflow-hidden border-0 bg-neutral-950 p-0 text-white"
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') {
            event.preventDefault();
            move(-1);
          } else if (event.key === 'ArrowRight') {
            event.preventDefault();
            move(1);
          }
        }}
      >
        {no !== undefined && (
          <>
            <div className="flex items-center justify-between gap-3 px-3 py-2 sm:px-4">
              <DialogTitle className="text-base font-medium tabular-nums" aria-live="polite">
                {t('orders.photos.position', { current: position + 1, total: photos.length })}
              </DialogTitle>
              <div className="flex items-center gap-1.5">
                <PhotoActions
                  no={no}
                  favorite={favorites.has(no)}
                  onToggleFavorite={onToggleFavorite}
                  onDownload={onDownload}
                  buttonClassName="border-white/20 bg-white/10 text-white hover:bg-white/20 hover:text-white"
                />
                <DialogClose asChild>
                  <Button size="icon" variant="ghost" className="rounded-full text-white hover:bg-white/15 hover:text-white" aria-label={t('dashboard.close')}>
                    <XIcon aria-hidden="true" />
                  </Button>
                </DialogClose>
              </div>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-3 sm:px-16">
              <img
                key={no}
                src={portraitUrl(orderId, no, { size: 'preview', token: imageToken })}
                alt={t('orders.photos.photoAlt', { n: no })}
                width={PREVIEW_SIZE.width}
                height={PREVIEW_SIZE.height}
                className="h-full w-full object-contain"
                // The thumbnail the grid already loaded stands in until the preview arrives.
                style={{
                  backgroundImage: `url("${portraitUrl(orderId, no, { size: 'thumb', token: imageToken })}")`,
                  backgroundSize: 'contain',
                  backgroundPosition: 'center',
                  backgroundRepeat: 'no-repeat',
                }}
              />
              {photos.length > 1 && (
                <>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="absolute top-1/2 left-2 size-11 -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white sm:left-3"
                    aria-label={t('orders.photos.previous')}
                    onClick={() => move(-1)}
                  >
                    <ChevronLeftIcon className="size-6" aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="absolute top-1/2 right-2 size-11 -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white sm:right-3"
                    aria-label={t('orders.photos.next')}
                    onClick={() => move(1)}
                  >
                    <ChevronRightIcon className="size-6" aria-hidden="true" />
                  </Button>
                </>
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
