import { isCheckableType, SUNAT_VALIDITY_MESSAGES } from '@sufel/contract';
import { z } from 'zod';
import { JobFailure, RetryJob, type JobHandler, type JobKind } from '../../jobs/job-handler.js';
import {
  SunatError,
  type ValidityAnswer,
  type ValidityClient,
} from '../../sunat/validity-client.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import { ChecksBlocked, type SunatAccess } from './sunat-access.js';
import type { SunatValidityRepository } from './sunat-validity.repository.js';

const ValidityPayload = z.object({ documentId: z.number().int().positive() });
export type ValidityPayload = z.infer<typeof ValidityPayload>;

/** Asking SUNAT for one document's state; rate-limited per consulting RUC (the receiver). */
export const VALIDITY_JOB: JobKind<ValidityPayload> = {
  kind: 'sunat.validity',
  payload: ValidityPayload,
};

export interface ValidityJobDependencies {
  documents: DocumentsRepository;
  repository: SunatValidityRepository;
  access: SunatAccess;
  client: ValidityClient;
  now: () => Date;
  ratePerSecond: number;
}

/** What the queue should do after SUNAT failed to answer. */
function outcomeOf(error: SunatError): Error {
  switch (error.code) {
    case 'rate_limited':
      return new RetryJob(error.message, {
        holdKey: true,
        ...(error.retryAfterMs === undefined ? {} : { afterMs: error.retryAfterMs }),
      });
    case 'unavailable':
      // SUNAT is down or slow for every query of this RUC: they all wait.
      return new RetryJob(error.message, { holdKey: true });
    case 'rejected':
    case 'bad_credentials':
      return new JobFailure(error.message);
    case 'token_refused':
    case 'unexpected_answer':
      return new RetryJob(error.message);
  }
}

/**
 * Checks one document: the receiver's token (shared by instances, asked again
 * once if SUNAT refuses it), the query as the receiver, the answer kept with
 * its time. Failures become retries with backoff or a recorded reason.
 */
export function validityJobHandler(deps: ValidityJobDependencies): JobHandler<ValidityPayload> {
  const { documents, repository, access, client, now } = deps;
  return {
    ...VALIDITY_JOB,
    ratePerSecond: deps.ratePerSecond,
    async run({ documentId }, { signal }) {
      const document = await documents.findById(documentId);
      // Deleted or removed by its owner since it was queued: nothing left to check.
      if (document === undefined || document.quitado_at !== null) return;
      if (!isCheckableType(document.tipo)) {
        throw new JobFailure(SUNAT_VALIDITY_MESSAGES.notCheckable);
      }
      const receiver = document.cliente_doc;
      const query = {
        issuerRuc: document.emisor,
        type: document.tipo,
        series: document.serie,
        number: document.numero,
        issueDate: document.fecha,
        total: document.total,
      };
      let answer: ValidityAnswer;
      try {
        const token = await access.token(receiver, false, signal);
        try {
          answer = await client.check(token, receiver, query, signal);
        } catch (error) {
          if (!(error instanceof SunatError) || error.code !== 'token_refused') throw error;
          answer = await client.check(
            await access.token(receiver, true, signal),
            receiver,
            query,
            signal,
          );
        }
      } catch (error) {
        if (error instanceof ChecksBlocked) throw new JobFailure(error.message);
        if (error instanceof SunatError) throw outcomeOf(error);
        throw error;
      }
      await repository.saveValidity(documentId, answer, now());
      await access.used(receiver);
    },
  };
}
