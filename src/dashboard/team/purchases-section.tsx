import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ExternalLinkIcon, Undo2Icon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { SeatPurchase, TeamAdminView } from '@/shared/contracts/team';
import { formatDate, formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { loadTeam } from '@/stores/team';
import { toast } from '@/stores/toast';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { TeamSection } from './team-section';

/** Refunding a purchase's unused seats, behind its confirmation; one opening is one request. */
function RefundButton({ teamId, purchase }: { teamId: string; purchase: SeatPurchase }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState('');
  const amount = formatMoney(purchase.refundableSeats * purchase.unitCents, purchase.currency, language);

  async function refund() {
    setBusy(true);
    try {
      const { data } = await call('teamRefundSeats', { teamId, purchaseId: purchase.id, requestId });
      toast({
        description: t('team.purchases.refunded', { count: data.refundedSeats, amount: formatMoney(data.amountCents, data.currency, language) }),
      });
      setOpen(false);
      await loadTeam({ force: true });
    } catch (error) {
      toast({ variant: 'destructive', description: t('team.failed') + errorMessage(error) });
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
          {t('team.purchases.refund')}
        </Button>
      }
      title={t('team.purchases.refundTitle')}
      description={t('team.purchases.refundDescription', { count: purchase.refundableSeats, amount })}
      cancelLabel={t('team.cancel')}
      confirmLabel={t('team.purchases.refundConfirm', { count: purchase.refundableSeats })}
      busyLabel={t('team.working')}
      busy={busy}
      onConfirm={() => void refund()}
    />
  );
}

/** The seats bought, newest first: what each cost, its receipt, and a refund of the unused seats while the window is open. */
export function PurchasesSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const language = useStore($language);
  return (
    <TeamSection id="team-purchases" title={t('team.purchases.title')} description={t('team.purchases.description')}>
      {team.purchases.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('team.purchases.none')}</p>
      ) : (
        <ul className="divide-y">
          {team.purchases.map((purchase) => (
            <li key={purchase.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-medium">
                  {t('team.purchases.line', { count: purchase.quantity, package: t(`catalog.packages.${purchase.packageId}.name`) })}
                  <span className="ml-2 tabular-nums">{formatMoney(purchase.amountCents, purchase.currency, language)}</span>
                </p>
                <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  <time dateTime={purchase.paidAt ?? purchase.createdAt}>{formatDate(purchase.paidAt ?? purchase.createdAt, language)}</time>
                  <Badge variant={purchase.status === 'paid' ? 'success' : 'neutral'}>{t(`team.purchases.status.${purchase.status}`)}</Badge>
                  {purchase.refundedSeats > 0 && (
                    <span>
                      {t('team.purchases.refundedLine', {
                        count: purchase.refundedSeats,
                        amount: formatMoney(purchase.refundedCents, purchase.currency, language),
                      })}
                    </span>
                  )}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {purchase.receiptUrl && (
                  <Button variant="ghost" size="sm" asChild>
                    <a href={purchase.receiptUrl} target="_blank" rel="noopener">
                      <ExternalLinkIcon aria-hidden="true" />
                      {t('team.purchases.receipt')}
                    </a>
                  </Button>
                )}
                {purchase.refundableSeats > 0 && <RefundButton teamId={team.id} purchase={purchase} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{t('team.purchases.refundRule')}</p>
    </TeamSection>
  );
}
