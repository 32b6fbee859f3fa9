import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../components/page-header';
import { OrderingOpensSoon } from './coming-soon';

/** Placeholder until the photo selector's issue, with its My Orders > View Order breadcrumb. */
export function PhotoSelectorPage(_props: { params: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader
        title={t('dashboard.titles.photoSelector')}
        breadcrumb={[{ label: t('dashboard.titles.myOrders'), href: '/dashboard/myOrders' }, { label: t('dashboard.breadcrumbs.viewOrder') }]}
      />
      <OrderingOpensSoon />
    </PageContainer>
  );
}
