import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import type { AuditEntry } from '@/shared/contracts/operator';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { useDateTime } from './operator-ui';

/** What an entry did, in words: "Refund $15.00", "Beta seats 30 → 45". */
function useWhat() {
  const { t } = useTranslation();
  const language = useStore($language);
  return (entry: AuditEntry) => {
    const d = entry.detail;
    const base = t(`operator.audit.actions.${entry.action}`);
    if (entry.action === 'refund' && typeof d.amountCents === 'number') {
      const amount = formatMoney(d.amountCents, typeof d.currency === 'string' ? d.currency : 'usd', language);
      // What the refund did besides: a part of the payment leaves the order as it was; the whole of it deletes or keeps the portraits.
      const kind = d.refund === 'part' ? 'part' : d.refund === 'full' ? (d.revokePortraits ? 'revoked' : 'kept') : null;
      return [
        `${base} ${amount}`,
        ...(kind ? [t(`operator.audit.refundKinds.${kind}`)] : []),
        ...(d.mailCustomer === false ? [t('operator.audit.notMailed')] : []),
      ].join(' · ');
    }
    if (entry.action === 'setBetaSeats') return `${base} ${d.from ?? '?'} → ${d.to ?? '?'}`;
    return base;
  };
}

/** Audit entries, newest first: when, who, what, on which order or customer. */
export function AuditRows({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const what = useWhat();
  if (entries.length === 0) return <p className="py-4 text-sm text-muted-foreground">{t('operator.audit.empty')}</p>;
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('operator.audit.when')}</TableHead>
          <TableHead className="hidden sm:table-cell">{t('operator.audit.who')}</TableHead>
          <TableHead>{t('operator.audit.what')}</TableHead>
          <TableHead>{t('operator.audit.on')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="min-w-24 whitespace-normal sm:whitespace-nowrap">{dateTime(entry.at)}</TableCell>
            <TableCell className="hidden max-w-48 truncate sm:table-cell">{entry.actorEmail}</TableCell>
            <TableCell className="whitespace-normal">
              {what(entry)}
              {entry.outcome === 'started' && <span className="ml-2 text-muted-foreground">({t('operator.audit.started')})</span>}
            </TableCell>
            <TableCell>
              {entry.orderId ? (
                <a className="font-mono underline-offset-4 hover:underline" href={`/dashboard/operator/orders/${entry.orderId}`}>
                  {shortOrderId(entry.orderId)}
                </a>
              ) : (
                (entry.customerEmail ?? '—')
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
