import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { call, errorMessage } from '@/api/client';
import type { CALLS, CallInput } from '@/shared/contracts/calls';
import type { CallName } from '@/shared/contracts/endpoints';
import type { AuditEntry } from '@/shared/contracts/operator';
import { intlLocale } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { ConfirmDialog } from '@/ui/confirm-dialog';

/** A date and time in the dashboard's language: "Nov 24, 2026, 9:41 PM". */
export function useDateTime() {
  const language = useStore($language);
  const format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** A duration in the largest unit that reads well: "42 s", "7 min", "3.5 h". */
export function useDuration() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return t('operator.none');
    if (seconds < 90) return t('operator.duration.seconds', { count: Math.round(seconds) });
    if (seconds < 90 * 60) return t('operator.duration.minutes', { count: Math.round(seconds / 60) });
    return t('operator.duration.hours', { count: Math.round((seconds / 3600) * 10) / 10 });
  };
}

/** One figure of the overview: its name, the figure, and a line saying what it counts. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-xl tabular-nums sm:text-2xl">{value}</CardTitle>
      </CardHeader>
      {note && <CardContent className="px-4 text-xs text-muted-foreground">{note}</CardContent>}
    </Card>
  );
}

interface ActionButtonProps<N extends CallName> {
  call: N;
  /** The request without its confirmation id, which the dialog makes each time it opens. */
  input: () => Omit<CallInput<(typeof CALLS)[N]>, 'requestId'>;
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Fields of the dialog (the refund's amount and choices), below its description. */
  children?: ReactNode;
  /** False while the fields lack something required: Confirm waits for it. */
  ready?: boolean;
  /** Each opening of the dialog: the fields start again from their defaults. */
  onOpen?: () => void;
  disabled?: boolean;
  variant?: 'default' | 'outline' | 'destructive';
  icon?: ReactNode;
  onDone: (entry: AuditEntry) => void;
}

/** Every console action answers its audit entry; its request is the caller's fields plus the confirmation id. */
const sendAction = call as (name: CallName, body: object) => Promise<{ data: unknown; message: string }>;

/**
 * A console action behind its confirmation. Each opening of the dialog is one confirmation (a request
 * id): pressing Confirm twice, or a retried request, acts once on the server.
 */
export function ActionButton<N extends CallName>({
  call: action,
  input,
  label,
  title,
  description,
  confirmLabel,
  children,
  ready = true,
  onOpen,
  disabled,
  variant = 'outline',
  icon,
  onDone,
}: ActionButtonProps<N>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState('');

  async function confirm() {
    setBusy(true);
    try {
      const { data, message } = await sendAction(action, { ...input(), requestId });
      toast({ description: message });
      setOpen(false);
      onDone(data as AuditEntry);
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant={variant}
          size="sm"
          disabled={disabled}
          onClick={() => {
            setRequestId(crypto.randomUUID());
            onOpen?.();
          }}
        >
          {icon}
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmDisabled={!ready}
      cancelLabel={t('operator.cancel')}
      confirmLabel={confirmLabel}
      busyLabel={t('operator.working')}
      busy={busy}
      onConfirm={() => void confirm()}
    >
      {children}
    </ConfirmDialog>
  );
}
