import { errorMessage } from '@/api/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropzone, type FileRejection } from 'react-dropzone';
import {
  CheckCircle2Icon,
  ImagePlusIcon,
  InfoIcon,
  LightbulbIcon,
  Loader2Icon,
  RefreshCwIcon,
  Trash2Icon,
  UserCheckIcon,
  UsersIcon,
  XIcon,
} from 'lucide-react';
import { toast } from '@/stores/toast';
import {
  addPhotos,
  checkSummary,
  choosePerson,
  countedPhotos,
  isRefused,
  photoStates,
  removeAllPhotos,
  removePhoto,
  removeRefusedPhotos,
  replacePhoto,
  setPhotoCheck,
  usableCount,
  type PhotoState,
  type WizardPhoto,
} from '@/stores/wizard';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { downscalePhoto } from './downscale-photo';
import { CheckMark, markOf } from './photo-check-mark';
import { requestPhotoCheck } from './photo-check';
import { fileKind, planUpload, uploadStatus } from './upload-rules';

let photoCounter = 0;

/** Downscales the accepted files one by one; returns the photos and the names the browser could not decode. */
async function preparePhotos(files: File[]): Promise<{ photos: WizardPhoto[]; heic: string[]; unreadable: string[] }> {
  const photos: WizardPhoto[] = [];
  const heic: string[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      const blob = await downscalePhoto(file);
      photos.push({ id: `photo-${++photoCounter}`, name: file.name, blob, url: URL.createObjectURL(blob), check: { state: 'checking' } });
    } catch {
      (fileKind(file) === 'heic' ? heic : unreadable).push(file.name);
    }
  }
  return { photos, heic, unreadable };
}

/** Asks the server to check each new photo; the answers arrive in any order and land on their photo. */
export function checkPhotos(photos: readonly WizardPhoto[]): void {
  for (const photo of photos) {
    requestPhotoCheck(photo.blob, `${photo.id}.jpg`).then(
      (result) => setPhotoCheck(photo.id, { state: 'checked', result }),
      (error: unknown) => setPhotoCheck(photo.id, { state: 'failed', message: errorMessage(error) }),
    );
  }
}

const TIPS = ['onePerson', 'faceVisible', 'angles', 'light'] as const;

/** A photo with something to fix: refused, not checked, or waiting for the customer to say whose portraits these are. */
const needsAttention = (state: PhotoState | undefined) => isRefused(state) || (state?.state === 'checked' && state.reasons.includes('whichPerson'));

/**
 * The photo step: 6 to 10 usable selfies, downscaled in the browser, each checked. One summary at the
 * top says where the set stands and offers what fixes it; refused photos take no place among the 10
 * and can be replaced where they are.
 */
export function PhotoUploadStep({ photos, describedBy }: { photos: WizardPhoto[]; describedBy: string }) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const items = useRef(new Map<string, HTMLLIElement>());
  const summaryRef = useRef<HTMLDivElement>(null);
  /** After an action whose button goes away, focus lands on the summary that says what changed, not the page. */
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const states = photoStates(photos);
  const summary = checkSummary(photos);
  const status = uploadStatus(countedPhotos(photos), usableCount(photos), summary);
  const picked = photos.some((photo) => photo.customer);

  // Bring the first photo to fix into view when it appears (not again while it stays the first).
  const firstProblem = photos.find((_, i) => needsAttention(states[i]))?.id;
  const shownProblem = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (firstProblem && firstProblem !== shownProblem.current) {
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      items.current.get(firstProblem)?.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    }
    shownProblem.current = firstProblem;
  }, [firstProblem]);

  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    const plan = planUpload(countedPhotos(photos), [...accepted, ...rejected.map((r) => r.file)]);
    if (plan.notImages.length > 0) {
      toast({ variant: 'destructive', description: t('wizard.upload.notImage', { name: plan.notImages.map((f) => f.name).join(', ') }) });
    }
    if (plan.accepted.length === 0) return;
    setPreparing(true);
    try {
      const { photos: prepared, heic, unreadable } = await preparePhotos(plan.accepted);
      addPhotos(prepared);
      checkPhotos(prepared);
      // One toast at a time: the HEIC advice matters more than a generic skip.
      if (heic.length > 0) toast({ variant: 'destructive', description: t('wizard.upload.heic', { name: heic.join(', ') }) });
      else if (unreadable.length > 0) toast({ variant: 'destructive', description: t('wizard.upload.notImage', { name: unreadable.join(', ') }) });
    } finally {
      setPreparing(false);
    }
  };

  /** The file chosen to take a refused photo's place: prepared and checked like any other. */
  const onReplace = async (id: string, file: File | undefined) => {
    if (!file) return;
    if (fileKind(file) === 'not-image') {
      toast({ variant: 'destructive', description: t('wizard.upload.notImage', { name: file.name }) });
      return;
    }
    setPreparing(true);
    try {
      const { photos: prepared, heic, unreadable } = await preparePhotos([file]);
      const [photo] = prepared;
      if (photo) {
        replacePhoto(id, photo);
        checkPhotos([photo]);
        // The Replace button went with the refused photo: focus the new photo's own button.
        requestAnimationFrame(() => items.current.get(photo.id)?.querySelector('button')?.focus());
      }
      if (heic.length > 0) toast({ variant: 'destructive', description: t('wizard.upload.heic', { name: heic.join(', ') }) });
      else if (unreadable.length > 0) toast({ variant: 'destructive', description: t('wizard.upload.notImage', { name: unreadable.join(', ') }) });
    } finally {
      setPreparing(false);
    }
  };

  // A chooser of its own, not in the page: the dropzone's input stays the only file input there.
  const startReplace = (id: string) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*,.heic,.heif';
    input.addEventListener('change', () => void onReplace(id, input.files?.[0]), { once: true });
    input.click();
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => void onDrop(accepted, rejected),
    accept: { 'image/*': ['.heic', '.heif'] },
    multiple: true,
    disabled: preparing,
  });

  const markLabel = (state: PhotoState, n: number) =>
    state.state === 'checking' ? t('wizard.upload.check.checking', { n }) : t(`wizard.upload.check.verdict.${markOf(state)}`, { n });

  const summaryLine = [
    t('wizard.upload.check.ready', { count: summary.ready }),
    summary.attention > 0 && t('wizard.upload.check.attention', { count: summary.attention }),
    summary.checking > 0 && t('wizard.upload.check.checkingCount', { count: summary.checking }),
  ]
    .filter(Boolean)
    .join(t('wizard.upload.check.separator'));

  return (
    <div className="space-y-4">
      {/* The one summary of the set, first on every screen: how many will be sent, what is missing, what to fix. */}
      <div ref={summaryRef} tabIndex={-1} className="scroll-mt-20 space-y-2 rounded-xl border bg-card p-3 text-sm shadow-xs outline-none">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p className="font-medium" aria-live="polite">
            {t('wizard.upload.counter', { count: status.count })}
          </p>
          <p className={cn('flex items-center gap-1.5', status.canProceed ? 'text-success' : 'text-muted-foreground')} aria-live="polite">
            {status.canProceed ? <CheckCircle2Icon className="size-4" aria-hidden="true" /> : <InfoIcon className="size-4" aria-hidden="true" />}
            {t(status.messageKey)}
          </p>
        </div>
        {photos.length > 0 && (
          <p className="text-muted-foreground" aria-live="polite">
            {summaryLine}
          </p>
        )}
        {summary.undecided > 0 && (
          <p className="flex items-start gap-1.5 font-medium text-amber-800 dark:text-amber-300">
            <UsersIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('wizard.upload.person.question')}
          </p>
        )}
        {summary.refused > 0 && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              removeRefusedPhotos();
              focusSummary();
            }}
          >
            <Trash2Icon aria-hidden="true" />
            {t('wizard.upload.removeRefused')}
          </Button>
        )}
      </div>

      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        {status.full ? (
          <div className="flex flex-col items-center justify-center gap-3 rounded-xl border bg-muted/40 p-6 text-center">
            <p className="font-medium">{t('wizard.upload.full')}</p>
            <Button variant="outline" onClick={removeAllPhotos}>
              <Trash2Icon aria-hidden="true" />
              {t('wizard.upload.deleteAll')}
            </Button>
          </div>
        ) : (
          <div>
            {/* The input sits beside the dropzone, not in it: a button must not contain another control. */}
            <input {...getInputProps({ 'aria-label': t('wizard.upload.dropzone') })} />
            <div
              {...getRootProps({
                role: 'button',
                'aria-labelledby': `${describedBy}-label`,
                'aria-describedby': describedBy,
                'aria-disabled': preparing || undefined,
                className: cn(
                  'flex h-full cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-8 text-center transition-colors md:py-10',
                  'hover:border-primary/60 hover:bg-secondary/40 focus-visible:border-primary',
                  isDragActive && 'border-primary bg-secondary',
                  preparing && 'cursor-wait opacity-70',
                ),
              })}
            >
              {preparing ? (
                <Loader2Icon className="size-8 text-primary motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <ImagePlusIcon className="size-8 text-primary" aria-hidden="true" />
              )}
              <span id={`${describedBy}-label`} className="font-medium">
                {preparing ? t('wizard.upload.preparing') : t('wizard.upload.dropzone')}
              </span>
              <span id={describedBy} className="max-w-md text-sm text-muted-foreground">
                {t('wizard.upload.hint')}
              </span>
            </div>
          </div>
        )}
        {/* On a phone the tips come after the photos, so the verdicts are not pushed below the fold. */}
        <aside aria-labelledby="selfie-tips" className="order-last rounded-xl border bg-secondary/30 p-4 text-sm md:order-none">
          <h3 id="selfie-tips" className="mb-2 flex items-center gap-1.5 font-semibold">
            <LightbulbIcon className="size-4 text-primary" aria-hidden="true" />
            {t('wizard.upload.tips.title')}
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {TIPS.map((tip) => (
              <li key={tip}>{t(`wizard.upload.tips.${tip}`)}</li>
            ))}
          </ul>
        </aside>

        {photos.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:col-span-2 lg:grid-cols-5">
            {photos.map((photo, i) => {
              const state = states[i] ?? { state: 'checking' };
              const refused = isRefused(state);
              const reasons = state.state === 'checked' ? state.reasons : [];
              const canChoose = reasons.includes('whichPerson') || (picked && reasons.includes('otherPerson'));
              const photoName = t('wizard.upload.photoAlt', { n: i + 1 });
              return (
                <li
                  key={photo.id}
                  ref={(node) => {
                    if (node) items.current.set(photo.id, node);
                    else items.current.delete(photo.id);
                  }}
                  className="scroll-my-24 space-y-1.5"
                >
                  <div
                    className={cn(
                      'relative overflow-hidden rounded-lg border bg-muted',
                      refused && 'border-destructive ring-2 ring-destructive/40',
                      photo.customer && !refused && 'border-primary ring-2 ring-primary/50',
                    )}
                  >
                    <img src={photo.url} alt={photoName} className={cn('aspect-square w-full object-cover', state.state === 'checking' && 'opacity-60')} />
                    <CheckMark state={state} label={markLabel(state, i + 1)} />
                    <Button
                      variant="secondary"
                      size="icon"
                      className="absolute top-1 right-1 size-7 rounded-full bg-background/90 shadow"
                      aria-label={t('wizard.upload.remove', { n: i + 1 })}
                      onClick={() => removePhoto(photo.id)}
                    >
                      <XIcon aria-hidden="true" />
                    </Button>
                  </div>
                  {state.state === 'failed' && <p className="text-xs text-destructive">{t('wizard.upload.check.failed')}</p>}
                  {reasons.map((reason) => (
                    <p
                      key={reason}
                      className={cn(
                        'text-xs leading-snug',
                        refused ? 'text-destructive' : 'text-amber-700 dark:text-amber-400',
                        reason === 'whichPerson' && 'text-foreground',
                      )}
                    >
                      {t(`wizard.upload.check.reasons.${reason}`)}
                    </p>
                  ))}
                  {canChoose && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="w-full"
                      onClick={() => {
                        choosePerson(photo.id);
                        focusSummary();
                      }}
                    >
                      <UserCheckIcon aria-hidden="true" />
                      {t('wizard.upload.person.choose')}
                      <span className="sr-only"> ({photoName})</span>
                    </Button>
                  )}
                  {refused && !status.full && (
                    <Button variant="outline" size="sm" className="w-full" disabled={preparing} onClick={() => startReplace(photo.id)}>
                      <RefreshCwIcon aria-hidden="true" />
                      {t('wizard.upload.replace')}
                      <span className="sr-only"> ({photoName})</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
