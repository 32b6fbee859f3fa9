import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../components/page-header';
import { OrderingOpensSoon } from './coming-soon';

/** Placeholder until the My Orders issue. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('dashboard.titles.myOrders')} />
      <OrderingOpensSoon />
    </PageContainer>
  );
}
