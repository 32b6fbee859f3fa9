import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { GiftIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import { findPackage } from '@/shared/catalog/packages';
import { GIFT_CARD_PACKAGE_IDS, GIFT_MESSAGE_MAX } from '@/shared/contracts/giftcard';
import { formatMoney } from '@/shared/format';
import { LANGUAGES } from '@/shared/languages';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { CheckoutDialog, type CheckoutPhase, type PaymentForm } from '../create-order/checkout-dialog';
import { SELECT_CLASS, TeamSection } from '../team/team-section';

type GiftCheckout = PaymentForm & { sessionId: string };
type PackageChoice = (typeof GIFT_CARD_PACKAGE_IDS)[number];

const today = () => new Date().toISOString().slice(0, 10);

/** Buying a card: a package (its catalog price), mailed to someone on a date or printed, paid in the same dialog as an order. */
export function BuySection({ onPaid }: { onPaid: (sessionId: string) => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [packageId, setPackageId] = useState<PackageChoice>('pro');
  const [delivery, setDelivery] = useState<'mail' | 'print'>('mail');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [sendOn, setSendOn] = useState(today());
  const [message, setMessage] = useState('');
  const [mailLanguage, setMailLanguage] = useState<string>(language);
  const [checkout, setCheckout] = useState<CheckoutPhase<GiftCheckout>>({ phase: 'closed' });
  const attempt = useRef(0);
  const pkg = findPackage(packageId);

  async function buy(event: FormEvent) {
    event.preventDefault();
    const mine = ++attempt.current;
    setCheckout({ phase: 'preparing' });
    try {
      const { data } = await call('giftCardBuy', {
        packageId,
        delivery,
        language: mailLanguage as 'us',
        ...(delivery === 'mail'
          ? { recipientEmail: recipientEmail.trim(), sendOn: sendOn > today() ? sendOn : undefined, recipientName: recipientName.trim() || undefined }
          : {}),
        message: message.trim() || undefined,
      });
      if (attempt.current === mine) setCheckout({ phase: 'payment', checkout: data });
    } catch (error) {
      if (attempt.current !== mine) return;
      setCheckout({ phase: 'closed' });
      toast({ variant: 'destructive', description: t('giftCards.buy.failed') + errorMessage(error) });
    }
  }

  const close = () => {
    attempt.current++;
    setCheckout({ phase: 'closed' });
  };
  const complete = () => {
    const paid = checkout.phase === 'payment' ? checkout.checkout : null;
    close();
    if (!paid) return;
    // The next card is for someone else: nothing of this one's recipient, date or message carries over
    // (the package, the delivery and the mail's language are the buyer's choices, and stay).
    setRecipientEmail('');
    setRecipientName('');
    setSendOn(today());
    setMessage('');
    toast({ description: t('giftCards.buy.paid') });
    onPaid(paid.sessionId);
  };

  return (
    <TeamSection id="giftcards-buy" title={t('giftCards.buy.title')} description={t('giftCards.buy.description')}>
      <form aria-label={t('giftCards.buy.title')} onSubmit={(e) => void buy(e)} className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('giftCards.buy.package')}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {GIFT_CARD_PACKAGE_IDS.map((id) => {
              const option = findPackage(id);
              return (
                <label
                  key={id}
                  className={cn(
                    'flex cursor-pointer flex-col gap-1 rounded-lg border p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    packageId === id && 'border-primary bg-primary/5',
                  )}
                >
                  <input type="radio" name="gift-package" value={id} checked={packageId === id} onChange={() => setPackageId(id)} className="sr-only" />
                  <span className="font-semibold">{t(`catalog.packages.${id}.name`)}</span>
                  <span className="text-sm text-muted-foreground">{t('giftCards.buy.portraits', { count: option?.portraits ?? 0 })}</span>
                  <span className="text-lg font-semibold tabular-nums">{option ? formatMoney(option.priceCents, option.currency, language) : ''}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('giftCards.buy.delivery')}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(['mail', 'print'] as const).map((way) => (
              <label key={way} className="flex items-center gap-2 text-sm">
                <input type="radio" name="gift-delivery" value={way} checked={delivery === way} onChange={() => setDelivery(way)} />
                {t(`giftCards.buy.${way}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {delivery === 'mail' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="gift-email">{t('giftCards.buy.recipientEmail')}</Label>
              <Input id="gift-email" type="email" required value={recipientEmail} onChange={(e) => setRecipientEmail(e.target.value)} autoComplete="off" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="gift-name">{t('giftCards.buy.recipientName')}</Label>
              <Input id="gift-name" value={recipientName} maxLength={100} onChange={(e) => setRecipientName(e.target.value)} autoComplete="off" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="gift-date">{t('giftCards.buy.sendOn')}</Label>
              <Input id="gift-date" type="date" min={today()} value={sendOn} onChange={(e) => setSendOn(e.target.value)} aria-describedby="gift-date-hint" />
              <p id="gift-date-hint" className="text-xs text-muted-foreground">
                {t('giftCards.buy.sendOnHint')}
              </p>
            </div>
            <div className="space-y-1">
              <Label htmlFor="gift-language">{t('giftCards.buy.language')}</Label>
              <select id="gift-language" className={SELECT_CLASS} value={mailLanguage} onChange={(e) => setMailLanguage(e.target.value)}>
                {LANGUAGES.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <div className="space-y-1">
          <Label htmlFor="gift-message">{t('giftCards.buy.message')}</Label>
          <textarea
            id="gift-message"
            className="min-h-20 w-full rounded-md border bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            maxLength={GIFT_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-describedby="gift-message-hint"
          />
          <p id="gift-message-hint" className="text-xs text-muted-foreground">
            {t('giftCards.buy.messageHint', { max: GIFT_MESSAGE_MAX })}
          </p>
        </div>
        <Button type="submit" size="lg" disabled={checkout.phase !== 'closed'} className="w-full sm:w-auto">
          <GiftIcon aria-hidden="true" />
          {t('giftCards.buy.submit', { price: pkg ? formatMoney(pkg.priceCents, pkg.currency, language) : '' })}
        </Button>
      </form>
      <CheckoutDialog state={checkout} onClose={close} onComplete={complete} />
    </TeamSection>
  );
}
