import { createSessionStore, hasExpiry } from '../../../lib/session-store';

/** The live consultation, if any: only when it expires (the token stays in its httpOnly cookie). */
export const documentSession = createSessionStore('sufel.document.session', hasExpiry);
