import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { SearchIcon, Trash2Icon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { OperatorCustomer } from '@/shared/contracts/operator';
import { formatMoney, shortOrderId } from '@/shared/format';
import { htmlLang, languageName } from '@/shared/languages';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { PageContainer, PageHeader } from '../components/page-header';
import { OrderRows } from './order-rows';
import { OperatorReferralsSection } from '../referrals/operator-referrals-section';
import { ActionButton, useDateTime } from './operator-ui';

/** Customers: one looked up by email, with their orders, payments, sign-in methods and when last seen. */
export function CustomersPage() {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  const [email, setEmail] = useState(() => new URLSearchParams(location.search).get('email') ?? '');
  const [customer, setCustomer] = useState<OperatorCustomer | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);

  const find = useCallback(async (address: string) => {
    setDeleted(null);
    try {
      setCustomer((await call('operatorCustomer', { email: address })).data);
    } catch (error) {
      setCustomer(null);
      toast({ variant: 'destructive', description: errorMessage(error) });
    }
  }, []);
  useEffect(() => {
    const initial = new URLSearchParams(location.search).get('email');
    if (initial) void find(initial);
  }, [find]);

  function submit(event: FormEvent) {
    event.preventDefault();
    history.replaceState(null, '', `${location.pathname}?${new URLSearchParams({ email: email.trim() })}`);
    void find(email.trim());
  }

  return (
    <PageContainer>
      <PageHeader title={t('operator.customers.title')} description={t('operator.customers.description')} />
      <form aria-label={t('operator.customers.searchLabel')} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor="customer-email">{t('operator.customers.email')}</Label>
          <Input id="customer-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          {t('operator.customers.find')}
        </Button>
      </form>
      {deleted && <p role="status">{t('operator.customers.deleted', { email: deleted })}</p>}
      {customer && (
        <>
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
              <CardTitle asChild>
                <h2 className="min-w-0 break-all">
                  {customer.nickName} · {customer.email}
                </h2>
              </CardTitle>
              <ActionButton
                call="operatorDeleteCustomer"
                input={() => ({ email: customer.email })}
                variant="destructive"
                icon={<Trash2Icon aria-hidden="true" />}
                label={t('operator.customers.delete')}
                title={t('operator.customers.deleteTitle', { email: customer.email })}
                description={t('operator.customers.deleteDescription')}
                confirmLabel={t('operator.customers.deleteConfirm')}
                onDone={() => {
                  setDeleted(customer.email);
                  setCustomer(null);
                }}
              />
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">{t('operator.customers.since')}</dt>
                <dd>{dateTime(customer.createdAt)}</dd>
                <dt className="text-muted-foreground">{t('operator.customers.lastSeen')}</dt>
                <dd>{customer.lastSeenAt ? dateTime(customer.lastSeenAt) : t('operator.none')}</dd>
                <dt className="text-muted-foreground">{t('operator.customers.signIn')}</dt>
                <dd>{customer.signInMethods.map((m) => t(`operator.customers.methods.${m}`)).join(', ')}</dd>
                <dt className="text-muted-foreground">{t('operator.customers.language')}</dt>
                <dd lang={htmlLang(customer.language)}>{languageName(customer.language)}</dd>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t('operator.customers.orders', { count: customer.orders.length })}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <OrderRows orders={customer.orders} caption={t('operator.customers.orders', { count: customer.orders.length })} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t('operator.customers.payments')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {customer.payments.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('operator.none')}</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {customer.payments.map((p) => (
                    <li key={`${p.paidAt}-${p.orderId}`} className="flex flex-wrap justify-between gap-x-4">
                      <span>
                        {formatMoney(p.amountCents, p.currency, language)} · {t(`catalog.packages.${p.packageId}.name`, { defaultValue: p.packageId })}
                        {p.orderId && <span className="ml-2 font-mono text-xs">{shortOrderId(p.orderId)}</span>}
                        {p.refundedCents > 0 && (
                          <span className="ml-2 text-muted-foreground">
                            {t('operator.customers.refunded', { amount: formatMoney(p.refundedCents, p.currency, language) })}
                          </span>
                        )}
                      </span>
                      <time className="text-muted-foreground" dateTime={p.paidAt}>
                        {dateTime(p.paidAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          {/* Referrals: as referrer and as friend, and the customer's credits. */}
          <OperatorReferralsSection email={customer.email} />
        </>
      )}
    </PageContainer>
  );
}
