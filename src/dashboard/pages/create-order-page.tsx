import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../components/page-header';
import { OrderingOpensSoon } from './coming-soon';

/** Placeholder until the order wizard's issue; `params.type` is the category id. */
export function CreateOrderPage(_props: { params: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('dashboard.titles.createOrder')} />
      <OrderingOpensSoon />
    </PageContainer>
  );
}
