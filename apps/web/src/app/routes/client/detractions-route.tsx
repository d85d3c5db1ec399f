import { DetractionsPage } from '../../../features/client/money/detractions-page';

/** "Detracciones por depositar", loaded only when opened. */
export default function DetractionsRoute() {
  return <DetractionsPage />;
}
