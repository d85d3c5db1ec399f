import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../../../config/paths';
import { clientSession } from '../session/client-session';

/** Only a signed-in receiver may see the company area; anyone else goes to the login. */
export function RequireClientSession({ children }: { children: ReactNode }) {
  if (clientSession.read() === null) {
    return <Redirect to={paths.client.login.getHref()} replace />;
  }
  return children;
}
