import {
  PAGE_COUNT_CAP,
  type DocumentDto,
  type DocumentPage,
  type DocumentProof,
  type DocumentTotals,
  type IssuerSummary,
  type LatestDocument,
} from '@sufel/contract';
import { isValidRuc } from '@sufel/ubl';
import type { AttemptLimiter } from '../../auth/attempt-limiter.js';
import type { PasswordPolicy } from '../../auth/password-policy.js';
import type { PasswordHasher } from '../../auth/passwords.js';
import { sessionStands } from '../../auth/session-version.js';
import type { SessionClaims } from '../../auth/tokens.js';
import { AppError, said } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { toDocumentDto } from '../documents/document-dto.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import type { DocumentListRow } from '../documents/list-columns.js';
import { proofKey } from '../documents/proof.js';
import { toReceiverFilter, type ReceiverFilterInput } from '../documents/receiver-filter.js';
import { operatorContactSentence } from '../receiver-access/operator-contact.js';
import type { ReceiverAccessRepository } from '../receiver-access/receiver-access.repository.js';
import type { ValidityReader } from '../sunat-validity/sunat-validity.repository.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { passwordChangedMail, type PasswordChangeKind } from './password-mails.js';
import {
  SORT_COLUMNS,
  type PageRequest,
  type ReceiverDocumentsRepository,
  type SortDirection,
  type SortField,
} from './receiver-documents.repository.js';
import type { ReceiversRepository } from './receiver.repository.js';

/** The limiter target of an account's logins. */
export function loginTarget(receiverRuc: string): string {
  return `login:${receiverRuc}`;
}

export interface PageInput extends ReceiverFilterInput {
  limit: number;
  cursor?: string | undefined;
  sort: SortField;
  dir: SortDirection;
}

/** A receiver company: its account and its documents. */
export class ReceiverService {
  constructor(
    private readonly receivers: ReceiversRepository,
    private readonly documents: DocumentsRepository,
    private readonly receiverDocuments: ReceiverDocumentsRepository,
    private readonly passwords: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly validityOf: ValidityReader,
    private readonly access: ReceiverAccessRepository,
    /** SUFEL_CONTACT: named to whoever finds its RUC's account claimed. */
    private readonly contact: string,
  ) {}

  /**
   * The account's session version when the document number and password open
   * it, read with the password it was checked against; null when they don't.
   */
  async checkCredentials(receiverRuc: string, password: string): Promise<number | null> {
    const receiver = await this.receivers.find(receiverRuc);
    if (receiver === undefined) {
      await this.passwords.verifyNothing(password);
      return null;
    }
    const valid = await this.passwords.verify(password, receiver.password_hash);
    return valid ? receiver.session_version : null;
  }

  /** A token is honoured while the account exists and no password change came after it. */
  async acceptsSession(claims: SessionClaims): Promise<boolean> {
    const receiver = await this.receivers.find(claims.sub);
    return receiver !== undefined && sessionStands(claims, receiver);
  }

  /** Whether the proof names a document issued to `receiverRuc`. */
  async proves(receiverRuc: string, proof: DocumentProof): Promise<boolean> {
    const key = proofKey(proof);
    return key !== null && (await this.documents.findIdByProof(key, receiverRuc)) !== undefined;
  }

  /**
   * Creates the account once the proof was checked, never overwriting one;
   * it sees the documents of the proved document's issuer. Answers the session
   * version its first session carries.
   */
  async register(
    receiverRuc: string,
    nombres: string,
    password: string,
    provedIssuer: string,
  ): Promise<number> {
    if (!isValidRuc(receiverRuc)) throw AppError.of('bad_request', 'invalidRuc');
    await this.policy.requireStrong(password, { ruc: receiverRuc, name: nombres });
    const created = await this.receivers.insert(
      receiverRuc,
      nombres,
      await this.passwords.hash(password),
      this.now(),
    );
    if (created === undefined) {
      const existing = await this.receivers.find(receiverRuc);
      // An unverified account may have been opened by an issuer of the RUC's documents.
      if (existing !== undefined && existing.verified_at === null) {
        throw new AppError(
          'bad_request',
          said('clientExistsUnverifiedContact', { contact: operatorContactSentence(this.contact) }),
        );
      }
      throw AppError.of('bad_request', 'clientExists');
    }
    await this.access.grant(receiverRuc, provedIssuer, 'document', this.now());
    return created;
  }

  /**
   * Sets a new password: every earlier session ends, the failed attempts
   * counted against the account are forgotten, and its confirmed addresses are
   * told. With `replaces` (a reset link), only if the account is still at the
   * session version the link was made for. Answers the new session version.
   */
  async setNewPassword(
    receiverRuc: string,
    password: string,
    kind: PasswordChangeKind,
    replaces?: number,
  ): Promise<number> {
    const receiver = await this.receivers.find(receiverRuc);
    if (
      receiver === undefined ||
      (replaces !== undefined && receiver.session_version !== replaces)
    ) {
      throw replaces === undefined
        ? AppError.of('not_found', 'clientNotFound')
        : AppError.of('bad_request', 'invalidLink');
    }
    // The owner changing or resetting its password must choose another; the
    // operator may set any password, the current one included (a restore).
    if (kind !== 'operator' && (await this.passwords.verify(password, receiver.password_hash))) {
      throw AppError.of('bad_request', 'samePassword');
    }
    await this.policy.requireStrong(password, { ruc: receiverRuc, name: receiver.nombres });
    const at = this.now();
    const version = await this.receivers.setPassword(
      receiverRuc,
      await this.passwords.hash(password),
      at,
      replaces,
    );
    if (version === undefined) {
      throw replaces === undefined
        ? AppError.of('not_found', 'clientNotFound')
        : AppError.of('bad_request', 'invalidLink');
    }
    await this.limiter.forget(loginTarget(receiverRuc));
    await this.mailer.sendToReceiver(receiverRuc, passwordChangedMail, { receiverRuc, kind, at });
    return version;
  }

  /** Changes the password with the current one; answers the session version a new session carries. */
  async changePassword(receiverRuc: string, current: string, next: string): Promise<number> {
    const receiver = await this.receivers.find(receiverRuc);
    if (receiver === undefined || !(await this.passwords.verify(current, receiver.password_hash))) {
      throw AppError.of('bad_request', 'currentPasswordWrong');
    }
    return this.setNewPassword(receiverRuc, next, 'change');
  }

  async issuers(receiverRuc: string): Promise<IssuerSummary[]> {
    return this.receiverDocuments.issuersForReceiver(receiverRuc);
  }

  async list(receiverRuc: string, input: ReceiverFilterInput): Promise<DocumentDto[]> {
    const filter = toReceiverFilter(input);
    if (filter === null) return [];
    return this.withValidity(await this.receiverDocuments.listForReceiver(receiverRuc, filter));
  }

  async page(receiverRuc: string, input: PageInput): Promise<DocumentPage> {
    const filter = toReceiverFilter(input);
    if (filter === null) return { items: [], nextCursor: null, total: 0, totalCapped: false };
    const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor, input.sort);
    const request: PageRequest = {
      limit: input.limit + 1,
      sort: input.sort,
      dir: input.dir,
      after,
    };
    const [rows, counted] = await Promise.all([
      this.receiverDocuments.pageForReceiver(receiverRuc, filter, request),
      this.receiverDocuments.countMatching(receiverRuc, filter, PAGE_COUNT_CAP),
    ]);
    const totalCapped = counted > PAGE_COUNT_CAP;
    const items = rows.slice(0, input.limit);
    const last = items.at(-1);
    const nextCursor =
      rows.length > input.limit && last !== undefined
        ? encodeCursor(
            input.sort,
            SORT_COLUMNS[input.sort].map((column) => last[column]),
            last.id,
          )
        : null;
    return {
      items: await this.withValidity(items),
      nextCursor,
      total: totalCapped ? PAGE_COUNT_CAP : counted,
      totalCapped,
    };
  }

  /**
   * The count and the sums per currency of everything the filter holds, not
   * of a page; voided documents are counted apart and added to no sum.
   */
  async totals(receiverRuc: string, input: ReceiverFilterInput): Promise<DocumentTotals> {
    const filter = toReceiverFilter(input);
    const rows =
      filter === null ? [] : await this.receiverDocuments.totalsForReceiver(receiverRuc, filter);
    const byCurrency = (a: { moneda: string }, b: { moneda: string }) =>
      Number(b.moneda === 'PEN') - Number(a.moneda === 'PEN') || a.moneda.localeCompare(b.moneda);
    return {
      comprobantes: rows.reduce((sum, row) => sum + row.count, 0),
      anulados: rows.reduce((sum, row) => sum + row.voided, 0),
      monedas: rows
        .filter((row) => row.count > row.voided)
        .sort(byCurrency)
        .map((row) => ({
          moneda: row.moneda,
          monto: row.total,
          comprobantes: row.count - row.voided,
        })),
    };
  }

  /** The rows as lists show them, each with SUNAT's latest answer. */
  private async withValidity(rows: readonly DocumentListRow[]): Promise<DocumentDto[]> {
    const validity = await this.validityOf(rows.map((row) => row.id));
    return rows.map((row) => toDocumentDto(row, validity.get(row.id) ?? null));
  }

  /** When the receiver's most recent document is from, to open the list where its documents are. */
  async latest(receiverRuc: string): Promise<LatestDocument> {
    return { fecha: await this.receiverDocuments.latestDateForReceiver(receiverRuc) };
  }
}
