import { errorMessage } from '@/api/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { AlertTriangleIcon, BanIcon, CheckCircle2Icon, CheckIcon, ImagePlusIcon, InfoIcon, LightbulbIcon, Loader2Icon, Trash2Icon, XIcon } from 'lucide-react';
import { toast } from '@/stores/toast';
import {
  addPhotos,
  checkSummary,
  photoStates,
  removeAllPhotos,
  removePhoto,
  setPhotoCheck,
  usableCount,
  type PhotoState,
  type WizardPhoto,
} from '@/stores/wizard';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { downscalePhoto } from './downscale-photo';
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

/** The mark on a thumbnail: a spinner while checking, then a tick, a warning or a refusal. */
function CheckMark({ state, label }: { state: PhotoState; label: string }) {
  const base = 'absolute bottom-1 left-1 flex size-7 items-center justify-center rounded-full shadow ring-2 ring-background';
  if (state.state === 'checking')
    return (
      <span className={cn(base, 'bg-background text-primary')} role="img" aria-label={label}>
        <Loader2Icon className="size-4 motion-safe:animate-spin" aria-hidden="true" />
      </span>
    );
  const verdict = state.state === 'failed' ? 'refused' : state.verdict;
  const Icon = verdict === 'accepted' ? CheckIcon : verdict === 'warning' ? AlertTriangleIcon : BanIcon;
  const tone = verdict === 'accepted' ? 'bg-success text-white' : verdict === 'warning' ? 'bg-amber-500 text-white' : 'bg-destructive text-white';
  return (
    <span className={cn(base, tone)} role="img" aria-label={label}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

/** The photo step: 6 to 10 selfies, downscaled in the browser, each checked, with the product's messages. */
export function PhotoUploadStep({ photos, describedBy }: { photos: WizardPhoto[]; describedBy: string }) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const status = uploadStatus(photos.length, usableCount(photos));
  const states = photoStates(photos);
  const summary = checkSummary(photos);

  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    const plan = planUpload(photos.length, [...accepted, ...rejected.map((r) => r.file)]);
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

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => void onDrop(accepted, rejected),
    accept: { 'image/*': ['.heic', '.heif'] },
    multiple: true,
    disabled: preparing,
  });

  const markLabel = (state: PhotoState, n: number) =>
    state.state === 'checking'
      ? t('wizard.upload.check.checking', { n })
      : t(`wizard.upload.check.verdict.${state.state === 'failed' ? 'refused' : state.verdict}`, { n });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-medium" aria-live="polite">
          {t('wizard.upload.counter', { count: status.count })}
        </p>
        <p className={cn('flex items-center gap-1.5', status.canProceed ? 'text-success' : 'text-muted-foreground')} aria-live="polite">
          {status.canProceed ? <CheckCircle2Icon className="size-4" aria-hidden="true" /> : <InfoIcon className="size-4" aria-hidden="true" />}
          {t(status.messageKey)}
        </p>
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
                  'flex h-full cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-10 text-center transition-colors',
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
        <aside aria-labelledby="selfie-tips" className="rounded-xl border bg-secondary/30 p-4 text-sm">
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
      </div>

      {photos.length > 0 && (
        <>
          <p className="text-sm font-medium" aria-live="polite">
            {[
              t('wizard.upload.check.ready', { count: summary.ready }),
              summary.attention > 0 && t('wizard.upload.check.attention', { count: summary.attention }),
              summary.checking > 0 && t('wizard.upload.check.checkingCount', { count: summary.checking }),
            ]
              .filter(Boolean)
              .join(t('wizard.upload.check.separator'))}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {photos.map((photo, i) => {
              const state = states[i] ?? { state: 'checking' };
              const refused = state.state === 'failed' || (state.state === 'checked' && state.verdict === 'refused');
              return (
                <li key={photo.id} className="space-y-1.5">
                  <div className={cn('relative overflow-hidden rounded-lg border bg-muted', refused && 'border-destructive ring-2 ring-destructive/40')}>
                    <img
                      src={photo.url}
                      alt={t('wizard.upload.photoAlt', { n: i + 1 })}
                      className={cn('aspect-square w-full object-cover', state.state === 'checking' && 'opacity-60')}
                    />
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
                  {state.state === 'checked' &&
                    state.reasons.map((reason) => (
                      <p key={reason} className={cn('text-xs leading-snug', refused ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')}>
                        {t(`wizard.upload.check.reasons.${reason}`)}
                      </p>
                    ))}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
