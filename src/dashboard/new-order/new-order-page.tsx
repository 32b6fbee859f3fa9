import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { GiftIcon } from 'lucide-react';
import { CATEGORIES } from '@/shared/catalog/categories';
import { $path } from '@/stores/location';
import { PageContainer, PageHeader } from '../components/page-header';
import { isTeamQuery } from '../team/brand-options';
import { giftCardQuery } from '../giftcards/gift-order';
import { isBetaQuery } from './beta-query';
import { CategoryCard } from './category-card';

/** New Order: the portrait categories; each leads to its wizard, keeping `?type=beta` (or a team member's `?team=1`). */
export function NewOrderPage() {
  const { t } = useTranslation();
  const path = useStore($path);
  const beta = isBetaQuery(path);
  const giftCardId = giftCardQuery(path);
  const suffix = beta ? '?type=beta' : isTeamQuery(path) ? '?team=1' : giftCardId ? `?giftcard=${encodeURIComponent(giftCardId)}` : '';
  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        title={t('dashboard.titles.newOrder')}
        breadcrumb={[{ label: t('dashboard.breadcrumbs.dashboard'), href: '/dashboard' }, { label: t('dashboard.titles.newOrder') }]}
      />
      {beta && (
        <p className="flex items-start gap-3 rounded-lg border border-primary/40 bg-secondary p-4 text-sm font-medium text-secondary-foreground">
          <GiftIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          {t('catalog.betaHighlight')}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {CATEGORIES.map((category) => (
          <li key={category.id}>
            <CategoryCard category={category} href={`/dashboard/createOrder/${category.id}${suffix}`} />
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
