import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { BanIcon, MailIcon, SearchIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { CallOutput, CALLS } from '@/shared/contracts/calls';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Card, CardContent } from '@/ui/card';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { PageContainer, PageHeader } from '../components/page-header';
import { GiftStateBadge } from '../giftcards/gift-state-badge';
import { ActionButton, useDateTime } from './operator-ui';

type GiftCardRow = CallOutput<(typeof CALLS)['operatorGiftCards']>['cards'][number];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** One card as the console shows it: buyer, recipient, state, the order it paid; Void and Resend behind their confirmations. */
function GiftCardCard({ card, onDone }: { card: GiftCardRow; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  const [reason, setReason] = useState('');
  const open = card.state === 'scheduled' || card.state === 'sent';
  return (
    <Card>
      <CardContent className="space-y-3">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {t('giftCards.mine.line', { package: t(`catalog.packages.${card.packageId}.name`) })}
          <span className="tabular-nums">{formatMoney(card.amountCents, card.currency, language)}</span>
          <GiftStateBadge state={card.state} />
        </p>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t('operator.giftCards.buyer')}>{card.buyerEmail ?? t('operator.giftCards.deletedAccount')}</Field>
          <Field label={t('operator.giftCards.recipient')}>{card.recipientEmail ?? t('giftCards.mine.toPrint')}</Field>
          <Field label={t('operator.giftCards.paid')}>{card.paidAt ? dateTime(card.paidAt) : t('operator.none')}</Field>
          <Field label={t('operator.giftCards.sent')}>{card.delivery === 'print' ? t('operator.none') : dateTime(card.sentAt ?? card.sendAt)}</Field>
          <Field label={t('operator.giftCards.redeemedBy')}>
            {card.redeemedAt ? `${card.redeemedByEmail ?? t('operator.giftCards.deletedAccount')} · ${dateTime(card.redeemedAt)}` : t('operator.none')}
          </Field>
          <Field label={t('operator.giftCards.order')}>
            {card.orderId ? (
              <a className="font-mono underline" href={`/dashboard/operator/orders/${card.orderId}`}>
                {shortOrderId(card.orderId)}
              </a>
            ) : (
              t('operator.none')
            )}
          </Field>
          {card.voidedAt && <Field label={t('operator.giftCards.voided')}>{`${dateTime(card.voidedAt)} · ${card.voidedBy ?? ''}`}</Field>}
        </dl>
        {open && (
          <div className="flex flex-wrap gap-2">
            {card.delivery === 'mail' && card.state !== 'redeemed' && (
              <ActionButton
                call="operatorResendGiftCard"
                input={() => ({ giftCardId: card.id })}
                label={t('operator.giftCards.resend')}
                icon={<MailIcon aria-hidden="true" />}
                title={t('operator.giftCards.resendTitle')}
                description={t('operator.giftCards.resendDescription', { email: card.recipientEmail ?? '' })}
                confirmLabel={t('operator.giftCards.resend')}
                onDone={onDone}
              />
            )}
            <ActionButton
              call="operatorVoidGiftCard"
              input={() => ({ giftCardId: card.id, reason: reason.trim() || undefined })}
              label={t('operator.giftCards.void')}
              variant="destructive"
              icon={<BanIcon aria-hidden="true" />}
              title={t('operator.giftCards.voidTitle')}
              description={t('operator.giftCards.voidDescription')}
              confirmLabel={t('operator.giftCards.void')}
              onOpen={() => setReason('')}
              onDone={onDone}
            >
              <span className="mt-3 block space-y-1">
                <label htmlFor={`void-reason-${card.id}`} className="block text-sm font-medium text-foreground">
                  {t('operator.giftCards.reason')}
                </label>
                <Input id={`void-reason-${card.id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              </span>
            </ActionButton>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Gift cards: looked up by code, buyer or recipient address; each card with its details and actions. */
export function GiftCardsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const [cards, setCards] = useState<GiftCardRow[] | null>(null);
  const [loading, setLoading] = useState(false);

  const search = useCallback(async (wanted: string) => {
    if (!wanted) return setCards(null);
    setLoading(true);
    try {
      setCards((await call('operatorGiftCards', { query: wanted })).data.cards);
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void search(new URLSearchParams(location.search).get('q') ?? '');
  }, [search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    history.replaceState(null, '', `${location.pathname}${q ? `?${new URLSearchParams({ q })}` : ''}`);
    void search(q);
  }

  return (
    <PageContainer>
      <PageHeader title={t('operator.giftCards.title')} description={t('operator.giftCards.description')} />
      <form aria-label={t('operator.giftCards.searchLabel')} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor="gift-query">{t('operator.giftCards.query')}</Label>
          <Input id="gift-query" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('operator.giftCards.queryPlaceholder')} />
        </div>
        <Button type="submit" disabled={loading || !query.trim()}>
          <SearchIcon aria-hidden="true" />
          {t('operator.giftCards.search')}
        </Button>
      </form>
      {cards !== null &&
        (cards.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t('operator.giftCards.none')}</p>
        ) : (
          <div className="space-y-4">
            {cards.map((card) => (
              <GiftCardCard key={card.id} card={card} onDone={() => void search(query.trim())} />
            ))}
          </div>
        ))}
    </PageContainer>
  );
}
