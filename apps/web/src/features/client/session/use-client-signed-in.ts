import { useSyncExternalStore } from 'react';
import { clientSession } from './client-session';

const signedOut = () => false;

/**
 * Whether a company session is open, following logins and logouts in this tab
 * and in others. A prerendered page was rendered signed out, so hydration
 * starts from that and then shows the session the browser knows of.
 */
export function useClientSignedIn(): boolean {
  return useSyncExternalStore(
    clientSession.subscribe,
    () => clientSession.read() !== null,
    signedOut,
  );
}
