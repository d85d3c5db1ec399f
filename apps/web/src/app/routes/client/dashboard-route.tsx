import { Dashboard } from '../../../features/client/components/dashboard/dashboard';

export default function DashboardRoute() {
  return <Dashboard />;
}
