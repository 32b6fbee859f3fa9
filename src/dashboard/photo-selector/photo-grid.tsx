import { useTranslation } from 'react-i18next';
import { DownloadIcon, HeartIcon, Loader2Icon } from 'lucide-react';
import { portraitUrl } from '@/shared/orders';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';

/** The thumbnails' intrinsic size (416 px wide, the portraits' 832x1216 aspect), so the grid never jumps. */
export const THUMB_SIZE = { width: 416, height: 608 } as const;
/** The viewer's preview of a standard portrait (600 px of its 832; an Executive one's is twice as big, same shape). */
export const PREVIEW_SIZE = { width: 600, height: 877 } as const;

export interface PhotoActionsProps {
  no: number;
  favorite: boolean;
  onToggleFavorite: (no: number) => void;
  onDownload: (no: number) => void;
  className?: string;
  buttonClassName?: string;
}

/** The heart toggle and the download button of one photo, in the grid and in the viewer. */
export function PhotoActions({ no, favorite, onToggleFavorite, onDownload, className, buttonClassName }: PhotoActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <Button
        size="icon"
        variant="outline"
        className={cn('rounded-full', buttonClassName)}
        aria-pressed={favorite}
        aria-label={t('orders.photos.favorite', { n: no })}
        title={t(favorite ? 'orders.photos.unfavoriteHint' : 'orders.photos.favoriteHint')}
        onClick={() => onToggleFavorite(no)}
      >
        <HeartIcon className={cn(favorite && 'fill-red-500 text-red-500')} aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="outline"
        className={cn('rounded-full', buttonClassName)}
        aria-label={t('orders.photos.download', { n: no })}
        title={t('orders.photos.downloadHint')}
        onClick={() => onDownload(no)}
      >
        <DownloadIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * Over a portrait being replaced, in the grid and the viewer: a spinner and "Replacing...". The grid's tile
 * is dimmed whole; the viewer's image is wider than the photo it letterboxes, so it gets a plate instead.
 */
export function ReplacingOverlay({ no, plate = false }: { no: number; plate?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('orders.replace.replacingLabel', { n: no })}
      className={cn('pointer-events-none absolute inset-0 flex items-center justify-center text-white', !plate && 'bg-black/55')}
    >
      <div className={cn('flex flex-col items-center gap-2', plate && 'rounded-xl bg-black/70 px-5 py-4 shadow-lg')}>
        <Loader2Icon className="size-7 motion-safe:animate-spin" aria-hidden="true" />
        <span className="text-sm font-medium">{t('orders.replace.replacing')}</span>
      </div>
    </div>
  );
}

export interface PhotoGridProps {
  orderId: string;
  /** The order info's `imageToken`: the images load without a session check per thumbnail. */
  imageToken?: string;
  photos: number[];
  /** Each portrait's version (the order info's), which its address carries; 0 when absent. */
  versions: ReadonlyMap<number, number>;
  /** Portraits being replaced: their tile says so over the old image. */
  replacing: ReadonlySet<number>;
  favorites: ReadonlySet<number>;
  onOpen: (index: number) => void;
  onToggleFavorite: (no: number) => void;
  onDownload: (no: number) => void;
  label: string;
}

/** A numbered grid of thumbnails (lazy-loaded) in the order given; a click opens the viewer at that photo. */
export function PhotoGrid({ orderId, imageToken, photos, versions, replacing, favorites, onOpen, onToggleFavorite, onDownload, label }: PhotoGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label={label}>
      {photos.map((no, index) => (
        <li key={no} className="group relative overflow-hidden rounded-lg border bg-muted shadow-sm" data-photo={no}>
          <button
            type="button"
            className="block w-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            aria-label={t('orders.photos.open', { n: no })}
            onClick={() => onOpen(index)}
          >
            <img
              src={portraitUrl(orderId, no, { size: 'thumb', token: imageToken, version: versions.get(no) })}
              alt=""
              loading="lazy"
              decoding="async"
              width={THUMB_SIZE.width}
              height={THUMB_SIZE.height}
              className="aspect-[416/608] h-auto w-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-[1.02]"
            />
          </button>
          {replacing.has(no) && <ReplacingOverlay no={no} />}
          <span className="pointer-events-none absolute top-2 left-2 rounded-md bg-black/65 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
            {no}
          </span>
          <PhotoActions
            no={no}
            favorite={favorites.has(no)}
            onToggleFavorite={onToggleFavorite}
            onDownload={onDownload}
            className="absolute right-2 bottom-2"
            buttonClassName="size-8 border-transparent bg-white/90 text-slate-900 shadow backdrop-blur hover:bg-white"
          />
        </li>
      ))}
    </ul>
  );
}
