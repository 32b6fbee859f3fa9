import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { Order } from '@/shared/contracts/orders';
import { LIMITS } from '@/shared/limits';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { shortOrderId } from '@/shared/format';

export interface CommentEditDialogProps {
  /** The order whose comment is edited; null when the dialog is closed. */
  order: Order | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Comment: at most 100 characters (the field refuses more), saved with a toast, then the list is refetched. */
export function CommentEditDialog({ order, onClose, onSaved }: CommentEditDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const counterId = useId();
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (order) setValue(order.comment);
  }, [order]);

  async function save() {
    if (!order) return;
    setSaving(true);
    try {
      await call('setComment', { orderId: order.id, comment: value });
      toast({ title: t('orders.comment.saved') });
      onClose();
      onSaved();
    } catch (error) {
      toast({ variant: 'destructive', description: t('orders.comment.failed') + (error as Error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent closeLabel={t('dashboard.close')}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('orders.comment.title')}</DialogTitle>
            <DialogDescription>{order && t('orders.comment.description', { id: shortOrderId(order.id), max: LIMITS.commentMax })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t('orders.comment.label')}</Label>
            <Input
              id={inputId}
              value={value}
              maxLength={LIMITS.commentMax}
              placeholder={t('orders.comment.placeholder')}
              aria-describedby={counterId}
              autoComplete="off"
              onChange={(event) => setValue(event.target.value.slice(0, LIMITS.commentMax))}
            />
            <p id={counterId} className="text-right text-xs text-muted-foreground tabular-nums" aria-live="polite">
              {value.length}/{LIMITS.commentMax}
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={saving}>
              {t('orders.cancel')}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t('orders.comment.saving') : t('orders.comment.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
