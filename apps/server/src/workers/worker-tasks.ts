import { loadPasswordRater, type PasswordRating } from '@sufel/password-strength';
import {
  parseSignedSunatDocument,
  parseSunatDocument,
  UblError,
  type SignatureCheck,
  type SunatDocument,
  type UblErrorCode,
} from '@sufel/ubl';
import { renderPdfInThisThread, type RenderRequest } from '../modules/files/pdf-renderer.js';

/** The heavy work the main thread hands to the pool. */
export type WorkerTask =
  | { kind: 'render'; request: RenderRequest }
  | { kind: 'parse'; xml: Uint8Array; maxBytes?: number; verify?: boolean }
  | { kind: 'rate-password'; password: string; accountWords: readonly string[] };

/** A refused XML is an answer, not a failure: its Spanish message goes back to the publisher. */
export type WorkerAnswer =
  | { kind: 'pdf'; bytes: Uint8Array }
  | { kind: 'document'; document: SunatDocument; signature?: SignatureCheck }
  | { kind: 'refused'; code: UblErrorCode; message: string }
  | { kind: 'password-rating'; rating: PasswordRating };

/** Runs inside a worker thread of the pool (piscina calls the default export). */
export default async function runTask(task: WorkerTask): Promise<WorkerAnswer> {
  try {
    if (task.kind === 'render') {
      return { kind: 'pdf', bytes: await renderPdfInThisThread(task.request) };
    }
    if (task.kind === 'rate-password') {
      const rate = await loadPasswordRater();
      return { kind: 'password-rating', rating: rate(task.password, task.accountWords) };
    }
    const options = { maxBytes: task.maxBytes };
    if (task.verify === true) {
      return { kind: 'document', ...parseSignedSunatDocument(task.xml, options) };
    }
    return { kind: 'document', document: parseSunatDocument(task.xml, options) };
  } catch (error) {
    if (error instanceof UblError)
      return { kind: 'refused', code: error.code, message: error.message };
    throw error;
  }
}
