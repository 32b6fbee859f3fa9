import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, RefreshCcwIcon, XIcon } from 'lucide-react';
import { portraitUrl } from '@/shared/orders';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/ui/dialog';
import { PhotoActions, PREVIEW_SIZE, ReplacingOverlay } from './photo-grid';
import { type ReplacementOutcome, stepIndex } from './photo-list';

/** The viewer's free replacement of the portrait on screen. */
export interface ViewerReplacements {
  /** Free replacements left on the order. */
  left: number;
  /** Portraits being replaced: their button waits and their image says so. */
  pending: ReadonlySet<number>;
  /** What became of the replacements this visit saw, by portrait. */
  outcomes: ReadonlyMap<number, ReplacementOutcome>;
  /** Asks to replace `no` (the page confirms first). */
  onReplace: (no: number) => void;
}

export interface PhotoViewerProps {
  orderId: string;
  /** The order info's `imageToken` (see PhotoGrid). */
  imageToken?: string;
  /** The photos the viewer moves through (those of the tab it was opened from). */
  photos: number[];
  /** Each portrait's version (see PhotoGrid); 0 when absent. */
  versions?: ReadonlyMap<number, number>;
  /** Position in `photos`, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  favorites: ReadonlySet<number>;
  onToggleFavorite: (no: number) => void;
  onDownload: (no: number) => void;
  /** Offered for a delivered order whose package includes replacements; absent, the viewer offers none. */
  replacements?: ViewerReplacements;
}

const NO_VERSIONS: ReadonlyMap<number, number> = new Map();

/**
 * The full-screen viewer: the photo's preview (sized for a screen, lower than the deliverable, so
 * looking is never a download), favorite, download and close, previous/next arrows that wrap around,
 * 'Photo X of N', and below the photo its free replacement with the counter. Left and right arrow keys
 * move; Escape closes (Radix).
 */
export function PhotoViewer({
  orderId,
  imageToken,
  photos,
  versions = NO_VERSIONS,
  index,
  onIndexChange,
  favorites,
  onToggleFavorite,
  onDownload,
  replacements,
}: PhotoViewerProps) {
  const { t } = useTranslation();
  const open = index !== null && photos.length > 0;
  const position = open ? Math.min(index, photos.length - 1) : 0;
  const no = photos[position];
  const move = (delta: number) => onIndexChange(stepIndex(position, delta, photos.length));
  const url = (n: number, size: 'thumb' | 'preview') => portraitUrl(orderId, n, { size, token: imageToken, version: versions.get(n) });

  // Warm the cache with the neighbours' previews, so moving feels instant.
  useEffect(() => {
    if (!open || photos.length < 2) return;
    for (const delta of [1, -1]) {
      const neighbour = photos[stepIndex(position, delta, photos.length)] as number;
      new Image().src = portraitUrl(orderId, neighbour, { size: 'preview', token: imageToken, version: versions.get(neighbour) });
    }
  }, [open, orderId, imageToken, photos, versions, position]);

  const replacing = no !== undefined && (replacements?.pending.has(no) ?? false);

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
              <div className="flex min-w-0 items-center gap-2">
                <DialogTitle className="text-base font-medium whitespace-nowrap tabular-nums" aria-live="polite">
                  {t('orders.photos.position', { current: position + 1, total: photos.length })}
                </DialogTitle>
                {/* The grid ranks the portraits, so the position is not the number the grid, the file and support use. */}
                <span className="truncate rounded-md bg-white/15 px-1.5 py-0.5 text-xs font-semibold tabular-nums">{t('orders.photos.number', { n: no })}</span>
              </div>
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
              <div className="relative flex h-full w-full items-center justify-center">
                <img
                  // A replaced portrait is another image: the new one loads rather than the old one lingering.
                  key={`${no}-${versions.get(no) ?? 0}`}
                  src={url(no, 'preview')}
                  alt={t('orders.photos.photoAlt', { n: no })}
                  width={PREVIEW_SIZE.width}
                  height={PREVIEW_SIZE.height}
                  className={cn('h-full w-full object-contain transition-opacity', replacing && 'opacity-60')}
                  // The thumbnail the grid already loaded stands in until the preview arrives.
                  style={{
                    backgroundImage: `url("${url(no, 'thumb')}")`,
                    backgroundSize: 'contain',
                    backgroundPosition: 'center',
                    backgroundRepeat: 'no-repeat',
                  }}
                />
                {replacing && <ReplacingOverlay no={no} plate />}
              </div>
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
            {replacements && <ReplaceBar no={no} replacing={replacing} {...replacements} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Below the photo: "Replace this portrait" with the counter beside it (the reason when it cannot be used),
 * and what is happening to this portrait's replacement, said politely.
 */
function ReplaceBar({ no, replacing, left, outcomes, onReplace }: ViewerReplacements & { no: number; replacing: boolean }) {
  const { t } = useTranslation();
  const counterId = useId();
  const outcome = outcomes.get(no);
  const news = replacing
    ? t('orders.replace.replacingStatus', { n: no })
    : outcome === 'failed'
      ? t('orders.replace.failed', { n: no })
      : outcome === 'done'
        ? t('orders.replace.done', { n: no })
        : '';
  return (
    <div className="flex flex-col items-center gap-2 border-t border-white/10 px-3 pt-2.5 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1.5">
        <Button
          variant="outline"
          className="rounded-full border-white/25 bg-white/10 text-white hover:bg-white/20 hover:text-white disabled:opacity-60"
          disabled={replacing || left === 0}
          aria-describedby={counterId}
          onClick={() => onReplace(no)}
        >
          <RefreshCcwIcon aria-hidden="true" />
          {t('orders.replace.button')}
        </Button>
        <p id={counterId} className="text-sm text-white/75 tabular-nums">
          {left > 0 ? t('orders.replace.left', { count: left }) : t('orders.replace.none')}
        </p>
      </div>
      {/* Always there, so a screen reader hears it change; out of sight while it says nothing. */}
      <p role="status" className={cn('max-w-xl text-center text-sm text-white/90', !news && 'sr-only')}>
        {news}
      </p>
    </div>
  );
}
