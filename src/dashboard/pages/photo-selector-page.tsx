import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CircleAlertIcon,
  CircleCheckIcon,
  DownloadIcon,
  HeartIcon,
  GiftIcon,
  ImagesIcon,
  InfoIcon,
  RefreshCwIcon,
  SparklesIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react';
import { groupDownloadUrl } from '@/shared/orders';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Progress } from '@/ui/progress';
import { Skeleton } from '@/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { PageContainer, PageHeader } from '../components/page-header';
import { DownloadGuaranteeDialog } from '../photo-selector/download-guarantee-dialog';
import { downloadPhoto } from '../photo-selector/download-photo';
import { EmptyState } from '../photo-selector/empty-state';
import { PhotoGrid } from '../photo-selector/photo-grid';
import { galleryOrder, type ReplacementOutcome } from '../photo-selector/photo-list';
import { PhotoViewer } from '../photo-selector/photo-viewer';
import { ReplacePortraitDialog } from '../photo-selector/replace-portrait-dialog';
import { useDownloadGuard } from '../photo-selector/use-download-guard';
import { useFavorites } from '../photo-selector/use-favorites';
import { useOrderInfo } from '../photo-selector/use-order-info';
import { useReplacements } from '../photo-selector/use-replacements';
import { RefreshDialog } from '../my-orders/refresh-dialog';

type Tab = 'all' | 'favorites';

const SKELETON_SLOTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** Portrait-shaped placeholders until the order's first answer arrives (never "No photos" meanwhile). */
function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3 py-2 sm:grid-cols-3 lg:grid-cols-4">
      {SKELETON_SLOTS.map((slot) => (
        <Skeleton key={slot} className="aspect-[832/1216] w-full rounded-lg" />
      ))}
    </div>
  );
}

/** What went wrong loading the order, with a Retry; above the portraits when some are on screen. */
function LoadError({ title, message, retry }: { title: string; message: string; retry: ReactNode }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
      <CircleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{title}</span> <span className="text-muted-foreground">{message}</span>
      </p>
      {retry}
    </div>
  );
}

/** What became of the replacements this visit saw, one dismissible line each, said politely. */
function ReplacementNotices({ outcomes, onDismiss }: { outcomes: ReadonlyMap<number, ReplacementOutcome>; onDismiss: (no: number) => void }) {
  const { t } = useTranslation();
  return (
    // Always there, so a screen reader hears a line arrive; out of sight while empty.
    <div role="status" className={cn(outcomes.size === 0 ? 'sr-only' : 'space-y-2')}>
      {[...outcomes].map(([no, outcome]) => {
        const Icon = outcome === 'done' ? CircleCheckIcon : InfoIcon;
        return (
          <div key={no} className="flex items-center gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p className="min-w-0 flex-1">{outcome === 'done' ? t('orders.replace.done', { n: no }) : t('orders.replace.failed', { n: no })}</p>
            <Button size="icon" variant="ghost" className="size-8 shrink-0" aria-label={t('dashboard.close')} onClick={() => onDismiss(no)}>
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        );
      })}
    </div>
  );
}

interface ZipButtonProps {
  href: string;
  count: number;
  icon: typeof DownloadIcon;
  label: string;
  /** Holds the navigation while the customer is asked (see useDownloadGuard); absent, the link just goes. */
  guard?: (download: () => void) => void;
}

/**
 * A zip download is a browser navigation; with nothing to zip the button is shown disabled instead. When
 * the download must be confirmed first, the click waits for the answer and then navigates.
 */
function ZipButton({ href, count, icon: Icon, label, guard }: ZipButtonProps) {
  const content = (
    <>
      <Icon aria-hidden="true" />
      {label}
    </>
  );
  if (count === 0) {
    return (
      <Button variant="outline" disabled>
        {content}
      </Button>
    );
  }
  return (
    <Button variant="outline" asChild>
      <a
        href={href}
        onClick={
          guard &&
          ((event) => {
            event.preventDefault();
            guard(() => window.location.assign(href));
          })
        }
      >
        {content}
      </a>
    </Button>
  );
}

/**
 * The photo selector of one order: the portraits generated so far in a numbered grid, favorites,
 * single and zip downloads (the first one asks, while the money-back guarantee holds), and a
 * full-screen viewer. Polls the order until it is completed.
 */
export function PhotoSelectorPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation();
  const orderId = params.orderId || undefined;
  const { info, loading, loaded, error, refresh } = useOrderInfo(orderId);
  const [refreshing, setRefreshing] = useState(false);
  const { favorites, toggle } = useFavorites(orderId, info?.favoriteImages);
  const [tab, setTab] = useState<Tab>('all');
  const [viewer, setViewer] = useState<{ photos: number[]; index: number } | null>(null);
  const downloads = useDownloadGuard(orderId, info?.refundable ?? false);
  const replacements = useReplacements(orderId, info, refresh);

  // Best first, as the order info ranks them (by likeness); the favorites follow the same ranking.
  const ranked = useMemo(() => galleryOrder(info?.portraits ?? [], info?.imageGenerated ?? 0), [info?.portraits, info?.imageGenerated]);
  const all = useMemo(() => ranked.map((portrait) => portrait.no), [ranked]);
  const versions = useMemo(() => new Map(ranked.map((portrait) => [portrait.no, portrait.version])), [ranked]);
  const favoriteSet = useMemo(() => new Set(favorites), [favorites]);
  const favoritePhotos = useMemo(() => all.filter((no) => favoriteSet.has(no)), [all, favoriteSet]);
  // A refunded order whose portraits were kept is finished too: nothing more is being made.
  const completed = info?.status === 'completed' || info?.status === 'refunded';
  const expired = info?.expired ?? false;
  // Fewer portraits than the package promises passed the likeness check: the page says so and what can be done.
  const shortfall = info?.status === 'completed' && !expired && info.imageGenerated < info.imageTotal;

  // An order that could not be loaded (a wrong link, say) is not said to be generating: the page keeps its name.
  const generating = info !== null && !completed;
  const title = !info && error === null ? t('orders.photos.loading') : generating ? t('orders.photos.generating') : t('orders.photos.selection');
  const description = !info
    ? undefined
    : expired
      ? t('orders.photos.expired')
      : completed
        ? t('orders.photos.ready', { count: all.length })
        : t('orders.photos.available', { count: all.length });

  const download = (no: number) => {
    if (orderId) downloads.guard(() => void downloadPhoto(orderId, no, { imageToken: info?.imageToken, version: versions.get(no) }));
  };
  const zipGuard = downloads.asks ? downloads.guard : undefined;
  const open = (photos: number[]) => (index: number) => setViewer({ photos, index });

  const refreshButton = (
    <Button variant="outline" onClick={() => void refresh()} disabled={loading || !orderId}>
      <RefreshCwIcon className={loading ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
      {loading ? t('orders.photos.refreshing') : t('orders.refresh')}
    </Button>
  );

  return (
    <PageContainer className="max-w-6xl pb-0 sm:pb-0">
      <PageHeader
        title={title}
        description={description}
        breadcrumb={[{ label: t('dashboard.titles.myOrders'), href: '/dashboard/myOrders' }, { label: t('dashboard.breadcrumbs.viewOrder') }]}
        actions={
          <>
            {info?.refreshable && orderId && (
              // An offer, not a reload: filled, and named by what it sells, as in My Orders.
              <Button variant="secondary" onClick={() => setRefreshing(true)}>
                <SparklesIcon aria-hidden="true" />
                {t('orders.getRefresh.button')}
              </Button>
            )}
            {refreshButton}
            <ZipButton
              href={orderId ? groupDownloadUrl(orderId) : '#'}
              count={all.length}
              icon={DownloadIcon}
              label={t('orders.photos.downloadAll')}
              guard={zipGuard}
            />
            <ZipButton
              href={orderId ? groupDownloadUrl(orderId, { favorites: true }) : '#'}
              count={favoritePhotos.length}
              icon={HeartIcon}
              label={t('orders.photos.downloadFavorites')}
              guard={zipGuard}
            />
          </>
        }
      />
      {/* Under the description, across the page: beside the header's buttons it would be a narrow column. */}
      {shortfall && (
        <p className="flex items-start gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {t('orders.photos.shortfall', { delivered: info.imageGenerated, total: info.imageTotal })}
        </p>
      )}
      {info?.team && !expired && (
        <p className="flex items-start gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          <UsersIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {t('team.member.favoritesShared', { team: info.team.name })}
        </p>
      )}
      {info?.paidWithGiftCard && !expired && (
        <p className="flex items-start gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          <GiftIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {t('giftCards.order.paidWith')}
        </p>
      )}
      {generating && !expired && (
        <div className="flex items-center gap-3">
          <Progress value={info.progress} className="max-w-sm" aria-label={t('orders.photos.progressLabel')} />
          <span className="text-sm text-muted-foreground tabular-nums">{Math.round(info.progress)}%</span>
        </div>
      )}

      {error !== null && orderId && (
        <LoadError
          title={info ? t('orders.photos.refreshFailed') : t('orders.photos.loadFailed')}
          message={error}
          retry={
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={loading}>
              <RefreshCwIcon className={loading ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
              {t('orders.photos.retry')}
            </Button>
          }
        />
      )}
      {!info && error === null && orderId && <GridSkeleton label={t('orders.photos.loadingLabel')} />}
      <ReplacementNotices outcomes={replacements.outcomes} onDismiss={replacements.dismiss} />

      {info && (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-0">
          <TabsContent value="all" className="pb-6">
            {orderId && all.length > 0 ? (
              <PhotoGrid
                orderId={orderId}
                imageToken={info?.imageToken}
                photos={all}
                versions={versions}
                replacing={replacements.pending}
                favorites={favoriteSet}
                onOpen={open(all)}
                onToggleFavorite={toggle}
                onDownload={download}
                label={t('orders.photos.allLabel')}
              />
            ) : (
              <EmptyState
                icon={ImagesIcon}
                title={t('orders.photos.emptyTitle')}
                text={expired ? t('orders.photos.expired') : generating ? t('orders.photos.emptyText') : undefined}
                action={!completed && !expired && loaded ? refreshButton : undefined}
              />
            )}
          </TabsContent>
          <TabsContent value="favorites" className="pb-6">
            {orderId && favoritePhotos.length > 0 ? (
              <PhotoGrid
                orderId={orderId}
                imageToken={info?.imageToken}
                photos={favoritePhotos}
                versions={versions}
                replacing={replacements.pending}
                favorites={favoriteSet}
                onOpen={open(favoritePhotos)}
                onToggleFavorite={toggle}
                onDownload={download}
                label={t('orders.photos.favoritesLabel')}
              />
            ) : (
              <EmptyState
                icon={HeartIcon}
                text={t('orders.photos.emptyFavorites')}
                action={
                  all.length > 0 ? (
                    <Button variant="outline" onClick={() => setTab('all')}>
                      {t('orders.photos.viewAll')}
                    </Button>
                  ) : undefined
                }
              />
            )}
          </TabsContent>
          {/* The tabs sit at the bottom, always in reach, however long the grid. */}
          <div className="sticky bottom-0 z-10 -mx-4 flex justify-center border-t bg-background/90 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:-mx-6">
            <TabsList>
              <TabsTrigger value="all">{t('orders.photos.allTab', { n: all.length })}</TabsTrigger>
              <TabsTrigger value="favorites">{t('orders.photos.favoritesTab', { n: favoritePhotos.length })}</TabsTrigger>
            </TabsList>
          </div>
        </Tabs>
      )}

      {orderId && (
        <PhotoViewer
          orderId={orderId}
          imageToken={info?.imageToken}
          photos={viewer?.photos ?? []}
          versions={versions}
          index={viewer?.index ?? null}
          onIndexChange={(index) => setViewer((current) => (index === null || !current ? null : { ...current, index }))}
          favorites={favoriteSet}
          onToggleFavorite={toggle}
          onDownload={download}
          replacements={
            replacements.offered
              ? { left: replacements.left, pending: replacements.pending, outcomes: replacements.outcomes, onReplace: replacements.ask }
              : undefined
          }
        />
      )}
      <ReplacePortraitDialog
        no={replacements.asking}
        left={replacements.left}
        refundable={info?.refundable ?? false}
        busy={replacements.busy}
        onConfirm={() => void replacements.confirm()}
        onCancel={replacements.cancel}
      />
      <DownloadGuaranteeDialog open={downloads.asking} onConfirm={downloads.confirm} onCancel={downloads.cancel} />
      <RefreshDialog order={refreshing && orderId && info ? { id: orderId, portraitInfo: info.portraitInfo } : null} onClose={() => setRefreshing(false)} />
    </PageContainer>
  );
}
