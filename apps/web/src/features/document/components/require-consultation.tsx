import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../../../config/paths';
import { documentSession } from '../session/document-session';

/** Only a live consultation may see the document; anyone else goes to the form. */
export function RequireConsultation({ children }: { children: ReactNode }) {
  if (documentSession.read() === null) {
    return <Redirect to={paths.document.login.href()} replace />;
  }
  return children;
}
