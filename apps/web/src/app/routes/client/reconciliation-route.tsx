import { ReconciliationPage } from '../../../features/client/reconciliation/reconciliation-page';

/** "Conciliación SIRE", loaded only when opened. */
export default function ReconciliationRoute() {
  return <ReconciliationPage />;
}
