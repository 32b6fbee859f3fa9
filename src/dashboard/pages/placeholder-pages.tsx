import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../components/page-header';

/** Gift cards: a title-only placeholder, as the product's route table has it. */
export function GiftCardsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('dashboard.titles.giftCards')} />
    </PageContainer>
  );
}
