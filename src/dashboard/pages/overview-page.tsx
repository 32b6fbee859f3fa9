import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ArrowRightIcon, CirclePlusIcon, ImagesIcon, UserIcon } from 'lucide-react';
import { $user } from '@/stores/user';
import { PageContainer, PageHeader } from '../components/page-header';

interface QuickAction {
  key: 'newOrder' | 'myOrders' | 'account';
  href: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

const QUICK_ACTIONS: QuickAction[] = [
  { key: 'newOrder', href: '/dashboard/newOrder', icon: CirclePlusIcon },
  { key: 'myOrders', href: '/dashboard/myOrders', icon: ImagesIcon },
  { key: 'account', href: '/dashboard/account', icon: UserIcon },
];

/** The dashboard home: a welcome and quick links to the three things a customer comes here for. */
export function OverviewPage() {
  const { t } = useTranslation();
  const user = useStore($user);
  return (
    <PageContainer>
      <PageHeader
        title={t('dashboard.overview.title')}
        description={
          <>
            {user && <span className="block font-medium text-foreground">{t('dashboard.overview.greeting', { name: user.nickName })}</span>}
            {t('dashboard.overview.welcome')}
          </>
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {QUICK_ACTIONS.map(({ key, href, icon: Icon }) => (
          <li key={key}>
            <a
              href={href}
              className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:border-primary/50 hover:bg-secondary/40"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex items-center gap-1 font-semibold">
                {t(`dashboard.overview.actions.${key}.title`)}
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" aria-hidden="true" />
              </span>
              <span className="text-sm text-muted-foreground">{t(`dashboard.overview.actions.${key}.description`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
