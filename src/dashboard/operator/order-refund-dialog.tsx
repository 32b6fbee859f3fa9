import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { Undo2Icon } from 'lucide-react';
import type { AuditEntry, OperatorOrder } from '@/shared/contracts/operator';
import { formatDate, formatMoney } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { $language } from '@/stores/language';
import { Input } from '@/ui/input';
import { ActionButton } from './operator-ui';

type Revoke = 'delete' | 'keep' | null;

/** A native radio or checkbox with its label and a line saying what it does. */
function Choice({
  type,
  name,
  checked,
  onChange,
  label,
  hint,
  disabled,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const id = `${name}-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:opacity-50"
      />
      <span className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="block text-xs text-muted-foreground">
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * The operator's refund: an amount up to what was paid; for the whole payment, the required choice of
 * deleting the portraits now or keeping them until the retention purge (a part refund keeps them); the
 * mail to the customer (on by default) with an optional note.
 */
export function OrderRefundDialog({ detail, disabled, onDone }: { detail: OperatorOrder; disabled: boolean; onDone: (entry: AuditEntry) => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const { order, payment } = detail;
  const paidCents = payment?.amountCents ?? 0;
  const [amount, setAmount] = useState('');
  const [revoke, setRevoke] = useState<Revoke>(null);
  const [mail, setMail] = useState(true);
  const [note, setNote] = useState('');

  const amountCents = Math.round(Number(amount) * 100);
  const valid = amount.trim() !== '' && Number.isFinite(amountCents) && amountCents >= 1 && amountCents <= paidCents;
  const whole = amountCents === paidCents;
  // Nothing is left to delete or keep once the purge took the portraits.
  const choose = whole && !order.expired;
  const reset = () => {
    setAmount((paidCents / 100).toFixed(2));
    setRevoke(null);
    setMail(true);
    setNote('');
  };

  return (
    <ActionButton
      call="operatorRefund"
      input={() => ({
        orderId: order.id,
        amountCents,
        ...(whole ? { revokePortraits: choose && revoke === 'delete' } : {}),
        mailCustomer: mail,
        ...(mail && note.trim() ? { note: note.trim() } : {}),
      })}
      ready={valid && (!choose || revoke !== null)}
      onOpen={reset}
      disabled={disabled}
      variant="destructive"
      icon={<Undo2Icon aria-hidden="true" />}
      label={t('operator.order.refund')}
      title={t('operator.order.refundTitle')}
      description={t('operator.order.refundDescription', { paid: formatMoney(paidCents, order.currency, language) })}
      confirmLabel={t('operator.order.refundConfirm')}
      onDone={onDone}
    >
      <div className="space-y-4 text-sm">
        <div className="space-y-1">
          <label htmlFor="refund-amount" className="block font-medium">
            {t('operator.order.refundAmount', { currency: order.currency.toUpperCase() })}
          </label>
          <Input
            id="refund-amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            max={paidCents / 100}
            step={0.01}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby="refund-kind"
            aria-invalid={!valid}
          />
          <p id="refund-kind" className={valid ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}>
            {!valid
              ? t('operator.order.refundInvalid', { min: formatMoney(1, order.currency, language), paid: formatMoney(paidCents, order.currency, language) })
              : whole
                ? t('operator.order.refundWhole')
                : t('operator.order.refundPart')}
          </p>
        </div>
        {choose && (
          <fieldset className="space-y-2">
            <legend className="mb-2 font-medium">
              {t('operator.order.portraitsChoice')} <span className="font-normal text-muted-foreground">{t('operator.order.required')}</span>
            </legend>
            <Choice
              type="radio"
              name="refund-portraits"
              checked={revoke === 'delete'}
              onChange={() => setRevoke('delete')}
              label={t('operator.order.revokeDelete')}
              hint={t('operator.order.revokeDeleteHint')}
            />
            <Choice
              type="radio"
              name="refund-portraits"
              checked={revoke === 'keep'}
              onChange={() => setRevoke('keep')}
              label={order.purgeAt ? t('operator.order.revokeKeep', { date: formatDate(order.purgeAt, language) }) : t('operator.order.revokeKeepUndated')}
              hint={t('operator.order.revokeKeepHint')}
            />
          </fieldset>
        )}
        <div className="space-y-3">
          <Choice type="checkbox" name="refund-mail" checked={mail} onChange={setMail} label={t('operator.order.mailCustomer', { email: order.email })} />
          <div className="space-y-1">
            <label htmlFor="refund-note" className="block font-medium">
              {t('operator.order.note')}
            </label>
            <textarea
              id="refund-note"
              value={note}
              disabled={!mail}
              maxLength={LIMITS.refundNoteMax}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
              aria-describedby="refund-note-hint"
              className="flex w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
            />
            <p id="refund-note-hint" className="text-xs text-muted-foreground">
              {t('operator.order.noteHint', { used: note.length, max: LIMITS.refundNoteMax })}
            </p>
          </div>
        </div>
      </div>
    </ActionButton>
  );
}
