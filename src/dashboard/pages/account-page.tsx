import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { TriangleAlertIcon } from 'lucide-react';
import { call } from '@/api/client';
import { $user } from '@/stores/user';
import { clearDrafts } from '@/stores/wizard-draft';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';

/** The Account page: who is signed in, and the Delete Account danger zone with its confirmation. */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useStore($user);
  const [deleting, setDeleting] = useState(false);

  async function deleteAccount() {
    setDeleting(true);
    try {
      await call('deleteAccount');
      await clearDrafts();
      window.location.href = '/';
    } catch (error) {
      // Account-delete failures are logged; a customer who pressed the button deserves to know too.
      console.error('account delete failed', error);
      toast({ variant: 'destructive', description: t('account.deleteFailed') + (error as Error).message });
      setDeleting(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-3xl space-y-8 p-4 sm:p-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('account.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('account.description')}</p>
        {user && (
          <p className="mt-4 text-sm">
            {t('account.signedInAs')} <span className="font-medium">{user.email}</span>
          </p>
        )}
      </header>
      <section aria-labelledby="danger-zone" className="rounded-xl border border-destructive/40 p-6">
        <h2 id="danger-zone" className="flex items-center gap-2 text-lg font-semibold text-destructive">
          <TriangleAlertIcon className="size-5" aria-hidden="true" />
          {t('account.dangerZone')}
        </h2>
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-medium">{t('account.deleteTitle')}</h3>
            <p className="mt-1 max-w-prose text-sm text-muted-foreground">{t('account.deleteDescription')}</p>
          </div>
          <ConfirmDialog
            trigger={
              <Button variant="destructive" className="shrink-0">
                {t('account.deleteButton')}
              </Button>
            }
            title={t('account.confirmTitle')}
            description={t('account.confirmDescription')}
            cancelLabel={t('account.cancel')}
            confirmLabel={t('account.confirmButton')}
            busyLabel={t('account.deleting')}
            busy={deleting}
            onConfirm={() => void deleteAccount()}
          />
        </div>
      </section>
    </section>
  );
}
