import { useTranslation } from 'react-i18next';
import { CopyIcon } from 'lucide-react';
import { LIMITS } from '@/shared/limits';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { shortOrderId } from '@/shared/format';

/** Copies the full order id (what support needs) and says so for two seconds. */
export async function copyOrderId(id: string, messages: { copied: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(id);
    toast({ title: messages.copied, duration: LIMITS.copyToastMs });
  } catch (error) {
    console.error('Could not copy the order id', error);
    toast({ variant: 'destructive', title: messages.failed, duration: LIMITS.copyToastMs });
  }
}

/** The order id as the product shows it (first 8 characters, upper case), with a copy button. */
export function OrderIdCopy({ id }: { id: string }) {
  const { t } = useTranslation();
  const short = shortOrderId(id);
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-sm">{short}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 text-muted-foreground"
        aria-label={t('orders.copyId', { id: short })}
        title={t('orders.copyId', { id: short })}
        onClick={() => void copyOrderId(id, { copied: t('orders.copied'), failed: t('orders.copyFailed') })}
      >
        <CopyIcon className="size-3.5" aria-hidden="true" />
      </Button>
    </span>
  );
}
