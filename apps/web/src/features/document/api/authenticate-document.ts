import {
  API_PATHS,
  TokenResponseSchema,
  type DocumentProof,
  type TokenResponse,
} from '@sufel/contract';
import { api } from '../../../lib/api-client';

/**
 * Opens a consultation of the one document the proof describes; the server
 * answers with its expiry and sets the session cookie. The light login page
 * imports this on demand, so it carries no query hook.
 */
export async function authenticateDocument(
  proof: DocumentProof,
  headers: Record<string, string> = {},
): Promise<TokenResponse> {
  return TokenResponseSchema.parse(await api.post(API_PATHS.documentAuth, proof, { headers }));
}
