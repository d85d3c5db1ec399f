import { type DocumentDto } from '@sufel/contract';
import { normalizeNumber, normalizeSeries } from '@sufel/ubl';
import type { PasswordPolicy } from '../../auth/password-policy.js';
import type { PasswordHasher } from '../../auth/passwords.js';
import { sessionStands } from '../../auth/session-version.js';
import type { SessionClaims } from '../../auth/tokens.js';
import { AppError } from '../../errors.js';
import { toDocumentDto } from '../documents/document-dto.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import type { IssuerDocumentsRepository } from './issuer-documents.repository.js';
import type { IssuersRepository } from './issuer.repository.js';

/** What an issuer does through the API, besides publishing. */
export class IssuerService {
  constructor(
    private readonly issuers: IssuersRepository,
    private readonly documents: DocumentsRepository,
    private readonly issuerDocuments: IssuerDocumentsRepository,
    private readonly passwords: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly now: () => Date,
  ) {}

  /**
   * The issuer's session version when the RUC and password open an enabled
   * account, read with the password it was checked against; null otherwise.
   */
  async checkCredentials(ruc: string, password: string): Promise<number | null> {
    const issuer = await this.issuers.find(ruc);
    if (issuer === undefined) {
      await this.passwords.verifyNothing(password);
      return null;
    }
    const valid = await this.passwords.verify(password, issuer.password_hash);
    return valid && issuer.habilitado ? issuer.session_version : null;
  }

  /** A token is honoured while the issuer is enabled and no password change came after it. */
  async acceptsSession(claims: SessionClaims): Promise<boolean> {
    const issuer = await this.issuers.find(claims.sub);
    return issuer !== undefined && issuer.habilitado && sessionStands(claims, issuer);
  }

  /** Changes the password with the current one; answers the session version a new session carries. */
  async changePassword(ruc: string, current: string, next: string): Promise<number> {
    const issuer = await this.issuers.find(ruc);
    if (issuer === undefined || !(await this.passwords.verify(current, issuer.password_hash))) {
      throw AppError.of('bad_request', 'passwordChangeFailed');
    }
    await this.policy.requireStrong(next, { ruc, name: issuer.nombre });
    const version = await this.issuers.setPassword(
      ruc,
      await this.passwords.hash(next),
      this.now(),
    );
    if (version === undefined) throw AppError.of('not_found', 'companyNotFound');
    return version;
  }

  async voidDocument(
    ruc: string,
    request: { tipo: string; serie: string; correlativo: string },
  ): Promise<void> {
    const numero = normalizeNumber(request.correlativo);
    const found =
      numero !== null &&
      (await this.documents.markVoided(
        {
          emisor: ruc,
          tipo: request.tipo,
          serie: normalizeSeries(request.serie),
          numero: Number(numero),
        },
        this.now(),
      ));
    if (!found) throw new AppError('bad_request', 'voidFailed');
  }

  async list(ruc: string, start: string, end: string): Promise<DocumentDto[]> {
    if (start > end) throw new AppError('bad_request', 'dateRangeReversed');
    const rows = await this.issuerDocuments.listForIssuer(ruc, start, end);
    return rows.map((row) => toDocumentDto(row));
  }
}
