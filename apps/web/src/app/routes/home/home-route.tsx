import { PageTitle } from '../../../components/page-title/page-title';
import { HomeCard } from '../../../features/home/components/home-card';
import { useI18n } from '../../../i18n/i18n-provider';

export function HomeRoute() {
  const { t } = useI18n();
  return (
    <main className="home-page">
      <PageTitle title={t.home.title} />
      <HomeCard />
    </main>
  );
}
