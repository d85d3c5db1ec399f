import { PayablesPage } from '../../../features/client/money/payables-page';

/** "Por pagar", loaded only when opened. */
export default function PayablesRoute() {
  return <PayablesPage />;
}
