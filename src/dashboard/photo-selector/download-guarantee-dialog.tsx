import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/shared/limits';
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

export interface DownloadGuaranteeDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Before an order's first download while it can still be refunded: downloading ends the money-back
 * guarantee (the refund policy refunds only orders with nothing downloaded), and looking does not.
 */
export function DownloadGuaranteeDialog({ open, onConfirm, onCancel }: DownloadGuaranteeDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('orders.photos.guarantee.title', { days: LIMITS.refundWindowDays })}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div>
              <p>{t('orders.photos.guarantee.effect')}</p>
              <p className="mt-2">{t('orders.photos.guarantee.viewing')}</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('orders.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('orders.photos.guarantee.confirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
