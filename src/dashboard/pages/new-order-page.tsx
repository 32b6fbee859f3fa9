import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../components/page-header';
import { OrderingOpensSoon } from './coming-soon';

/** Placeholder until the New Order issue: the title with its Dashboard > New Order breadcrumb. */
export function NewOrderPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader
        title={t('dashboard.titles.newOrder')}
        breadcrumb={[{ label: t('dashboard.breadcrumbs.dashboard'), href: '/dashboard' }, { label: t('dashboard.titles.newOrder') }]}
      />
      <OrderingOpensSoon />
    </PageContainer>
  );
}
