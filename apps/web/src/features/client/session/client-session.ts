import { createSessionStore, hasExpiry, type SessionFacts } from '../../../lib/session-store';

export interface ClientSessionFacts extends SessionFacts {
  /** The receiver's RUC, shown in the side menu. */
  ruc: string;
}

function isClientFacts(value: unknown): value is ClientSessionFacts {
  return hasExpiry(value) && 'ruc' in value && typeof value.ruc === 'string';
}

/** The company receiver's live session, if any (the token stays in its httpOnly cookie). */
export const clientSession = createSessionStore('sufel.client.session', isClientFacts);
