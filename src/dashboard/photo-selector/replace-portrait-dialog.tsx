import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/ui/alert-dialog';

export interface ReplacePortraitDialogProps {
  /** The portrait asked about; null closes the dialog. */
  no: number | null;
  /** Free replacements left on the order. */
  left: number;
  /** The money-back guarantee still holds: the dialog says a replacement keeps it. */
  refundable: boolean;
  /** The call is under way: the buttons wait and the dialog stays. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Before a free replacement: what it does (a new portrait from the same choices, under the same number,
 * checked like every portrait, given back if none passes), that it is no download, and what it uses up.
 */
export function ReplacePortraitDialog({ no, left, refundable, busy, onConfirm, onCancel }: ReplacePortraitDialogProps) {
  const { t } = useTranslation();
  // The closing dialog fades out still naming its portrait.
  const shown = useRef(no);
  if (no !== null) shown.current = no;
  return (
    <AlertDialog open={no !== null} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('orders.replace.title', { n: shown.current })}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2">
              <p>{t('orders.replace.effect')}</p>
              <p>{t('orders.replace.check')}</p>
              {/* The guarantee is named only while it holds: a free or downloaded order has none to keep. */}
              <p>{refundable ? t('orders.replace.guarantee') : t('orders.replace.notDownload')}</p>
              <p className="font-medium text-foreground">{t('orders.replace.remaining', { count: left })}</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t('orders.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            onClick={(event) => {
              // Stay open while the call runs; the page closes the dialog when it is answered.
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? t('orders.replace.replacing') : t('orders.replace.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
