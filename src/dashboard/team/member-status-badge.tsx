import { useTranslation } from 'react-i18next';
import type { MemberStatus } from '@/shared/contracts/team';
import { Badge } from '@/ui/badge';

const VARIANT: Record<MemberStatus, 'neutral' | 'info' | 'success' | 'destructive' | 'outline'> = {
  invited: 'neutral',
  signedIn: 'info',
  photosUploaded: 'info',
  generating: 'info',
  done: 'success',
  failed: 'destructive',
  revoked: 'outline',
};

/** Where a member stands, as a badge; the console shows the same words. */
export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`team.status.${status}`)}</Badge>;
}
