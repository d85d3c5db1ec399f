import { HomeCard } from '../../../features/home/components/home-card';

export function HomeRoute() {
  return (
    <main className="home-page">
      <HomeCard />
    </main>
  );
}
