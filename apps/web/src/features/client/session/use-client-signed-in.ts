import { useSyncExternalStore } from 'react';
import { clientSession } from './client-session';

/** Whether a company session is open, following logins and logouts in this tab and in others. */
export function useClientSignedIn(): boolean {
  return useSyncExternalStore(clientSession.subscribe, () => clientSession.read() !== null);
}
