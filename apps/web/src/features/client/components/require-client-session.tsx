import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginHrefFor } from '../session/next-location';
import { useClientSignedIn } from '../session/use-client-signed-in';

/**
 * Only a signed-in receiver may see the company area; anyone else goes to the
 * login, which brings them back here. A logout in another tab closes it too.
 */
export function RequireClientSession({ children }: { children: ReactNode }) {
  const signedIn = useClientSignedIn();
  const [location] = useLocation();
  const search = useSearch();
  if (!signedIn) {
    return (
      <Redirect to={loginHrefFor(search === '' ? location : `${location}?${search}`)} replace />
    );
  }
  return children;
}
