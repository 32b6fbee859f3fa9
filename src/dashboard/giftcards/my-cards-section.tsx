import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { MailIcon, PrinterIcon, Undo2Icon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import { GIFT_CARD } from '@/shared/catalog/packages';
import type { GiftCardView } from '@/shared/contracts/giftcard';
import { formatDate, formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { TeamSection } from '../team/team-section';
import { GiftStateBadge } from './gift-state-badge';

/** Refunding an unredeemed card behind its confirmation; one opening is one request. */
function RefundButton({ card, onDone }: { card: GiftCardView; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState('');

  async function refund() {
    setBusy(true);
    try {
      await call('giftCardRefund', { giftCardId: card.id, requestId });
      toast({ description: t('giftCards.mine.refunded') });
      setOpen(false);
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', description: t('giftCards.mine.failed') + errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" onClick={() => setRequestId(crypto.randomUUID())}>
          <Undo2Icon aria-hidden="true" />
          {t('giftCards.mine.refund')}
        </Button>
      }
      title={t('giftCards.mine.refundTitle')}
      description={t('giftCards.mine.refundDescription', {
        amount: formatMoney(card.amountCents, card.currency, language),
        date: formatDate(card.refundableUntil ?? new Date(), language),
      })}
      cancelLabel={t('giftCards.mine.cancel')}
      confirmLabel={t('giftCards.mine.refundConfirm')}
      busyLabel={t('giftCards.mine.working')}
      busy={busy}
      onConfirm={() => void refund()}
    />
  );
}

function ResendButton({ card, onDone }: { card: GiftCardView; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await call('giftCardResend', { giftCardId: card.id });
      toast({ description: t('giftCards.mine.resent') });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', description: t('giftCards.mine.failed') + errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={() => void resend()}>
      <MailIcon aria-hidden="true" />
      {t('giftCards.mine.resend')}
    </Button>
  );
}

/**
 * A print card: the package, the message, the code and where to redeem it. Print marks this card as the
 * one to print (global.css hides the rest of the page when printing) and opens the browser's print dialog.
 */
function PrintableCode({ card }: { card: GiftCardView }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const print = () => {
    ref.current?.classList.add('gift-print-target');
    window.print();
    ref.current?.classList.remove('gift-print-target');
  };
  return (
    <div className="space-y-2">
      <div ref={ref} className="space-y-1 rounded-lg border border-dashed p-3 text-sm">
        <p className="font-semibold">{t('giftCards.mine.line', { package: t(`catalog.packages.${card.packageId}.name`) })}</p>
        {card.message && <p className="italic">“{card.message}”</p>}
        <p className="text-muted-foreground">{t('giftCards.mine.code')}</p>
        <p className="font-mono text-sm font-semibold break-all sm:text-base sm:tracking-wider" data-testid="gift-code">
          {card.code}
        </p>
        <p className="text-xs text-muted-foreground break-all">{`${location.origin}/dashboard/giftcards?redeem=${card.code ?? ''}`}</p>
      </div>
      <Button variant="outline" size="sm" onClick={print}>
        <PrinterIcon aria-hidden="true" />
        {t('giftCards.mine.print')}
      </Button>
    </div>
  );
}

/** The cards the customer bought: package, recipient, date, state, the code of a print card, and resend or refund. */
export function MyCardsSection({ cards, onChange }: { cards: GiftCardView[]; onChange: () => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  return (
    <TeamSection id="giftcards-mine" title={t('giftCards.mine.title')} description={t('giftCards.mine.description', { days: GIFT_CARD.refundDays })}>
      {cards.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('giftCards.mine.none')}</p>
      ) : (
        <ul className="divide-y" aria-label={t('giftCards.mine.title')}>
          {cards.map((card) => (
            <li key={card.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between" data-gift-card={card.id}>
              <div className="min-w-0 space-y-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {t('giftCards.mine.line', { package: t(`catalog.packages.${card.packageId}.name`) })}
                  <span className="tabular-nums">{formatMoney(card.amountCents, card.currency, language)}</span>
                  <GiftStateBadge state={card.state} />
                </p>
                <p className="text-muted-foreground break-words">
                  {card.delivery === 'mail'
                    ? t('giftCards.mine.to', { recipient: card.recipientName ? `${card.recipientName} <${card.recipientEmail}>` : (card.recipientEmail ?? '') })
                    : t('giftCards.mine.toPrint')}
                  {' · '}
                  <time dateTime={card.sentAt ?? card.sendAt}>{formatDate(card.sentAt ?? card.sendAt, language)}</time>
                </p>
                {card.refundableUntil && (
                  <p className="text-xs text-muted-foreground">{t('giftCards.mine.refundUntil', { date: formatDate(card.refundableUntil, language) })}</p>
                )}
                {card.delivery === 'print' && card.code && card.state === 'sent' && <PrintableCode card={card} />}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {card.canResend && <ResendButton card={card} onDone={onChange} />}
                {card.refundableUntil && <RefundButton card={card} onDone={onChange} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </TeamSection>
  );
}
