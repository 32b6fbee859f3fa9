import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { CheckCircle2Icon, ImagePlusIcon, InfoIcon, Loader2Icon, Trash2Icon, XIcon } from 'lucide-react';
import { toast } from '@/stores/toast';
import { addPhotos, removeAllPhotos, removePhoto, type WizardPhoto } from '@/stores/wizard';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { downscalePhoto } from './downscale-photo';
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
      photos.push({ id: `photo-${++photoCounter}`, name: file.name, blob, url: URL.createObjectURL(blob) });
    } catch {
      (fileKind(file) === 'heic' ? heic : unreadable).push(file.name);
    }
  }
  return { photos, heic, unreadable };
}

/** The photo step: 6 to 10 selfies, downscaled in the browser, with thumbnails and the product's messages. */
export function PhotoUploadStep({ photos, describedBy }: { photos: WizardPhoto[]; describedBy: string }) {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);
  const status = uploadStatus(photos.length);

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

      {status.full ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-muted/40 p-6 text-center">
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
                'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-10 text-center transition-colors',
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

      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {photos.map((photo, i) => (
            <li key={photo.id} className="relative overflow-hidden rounded-lg border bg-muted">
              <img src={photo.url} alt={t('wizard.upload.photoAlt', { n: i + 1 })} className="aspect-square w-full object-cover" />
              <Button
                variant="secondary"
                size="icon"
                className="absolute top-1 right-1 size-7 rounded-full bg-background/90 shadow"
                aria-label={t('wizard.upload.remove', { n: i + 1 })}
                onClick={() => removePhoto(photo.id)}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
