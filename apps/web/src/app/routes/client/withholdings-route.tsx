import { WithholdingsPage } from '../../../features/client/money/withholdings-page';

/** "Retenciones y percepciones", loaded only when opened. */
export default function WithholdingsRoute() {
  return <WithholdingsPage />;
}
