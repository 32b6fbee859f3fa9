import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '@/api/client';
import type { AuditEntry } from '@/shared/contracts/operator';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { PageContainer, PageHeader } from '../components/page-header';
import { AuditRows } from './audit-rows';

/** The audit log: every operator action, newest first, 50 at a time. */
export function AuditPage() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);

  const load = useCallback(async (cursor?: string) => {
    try {
      const { data } = await call('operatorAudit', cursor ? { cursor } : {});
      setEntries((before) => (cursor ? [...(before ?? []), ...data.entries] : data.entries));
      setNext(data.nextCursor);
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <PageContainer>
      <PageHeader title={t('operator.audit.title')} description={t('operator.audit.description')} />
      {entries === null ? (
        <p className="text-muted-foreground">{t('dashboard.loading')}</p>
      ) : (
        <div className="rounded-lg border px-2">
          <AuditRows entries={entries} caption={t('operator.audit.title')} />
        </div>
      )}
      {next && (
        <Button variant="outline" onClick={() => void load(next)}>
          {t('operator.loadMore')}
        </Button>
      )}
    </PageContainer>
  );
}
