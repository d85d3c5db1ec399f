import type { Kysely } from 'kysely';
import { AttemptLimiter, DEFAULT_LIMIT_RULES, type LimitRules } from './auth/attempt-limiter.js';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords.js';
import { RevocationsRepository } from './auth/revocations.repository.js';
import { SessionManager } from './auth/session.js';
import { TokenService } from './auth/tokens.js';
import type { BlobStore } from './blobs/blob-store.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/types.js';
import { AdminService } from './modules/admin/admin.service.js';
import { ClientsRepository } from './modules/clients/clients.repository.js';
import { CompaniesRepository } from './modules/companies/companies.repository.js';
import { ConsultService } from './modules/consult/consult.service.js';
import { DocumentsRepository } from './modules/documents/documents.repository.js';
import { FileAccessService } from './modules/files/file-access.service.js';
import { renderPdf, type PdfRenderer } from './modules/files/pdf-renderer.js';
import { SignedLinks } from './modules/files/signed-links.js';
import { IssuerService } from './modules/issuer/issuer.service.js';
import { PublishService } from './modules/issuer/publish.service.js';
import { ReceiverService } from './modules/receiver/receiver.service.js';

/** What the application is built from; tests pass their own database, store and clock. */
export interface AppDependencies {
  config: Readonly<AppConfig>;
  db: Kysely<Database>;
  blobs: BlobStore;
  jwtSecret: Uint8Array;
  passwordHasher?: PasswordHasher;
  limitRules?: LimitRules;
  pdfRenderer?: PdfRenderer;
  now?: () => Date;
}

export interface Services {
  config: Readonly<AppConfig>;
  db: Kysely<Database>;
  sessions: SessionManager;
  revocations: RevocationsRepository;
  limiter: AttemptLimiter;
  links: SignedLinks;
  documents: DocumentsRepository;
  admin: AdminService;
  issuer: IssuerService;
  publisher: PublishService;
  consult: ConsultService;
  receiver: ReceiverService;
  files: FileAccessService;
  now: () => Date;
}

/** The composition root: repositories, then services, wired once. */
export function createServices(deps: AppDependencies): Services {
  const now = deps.now ?? (() => new Date());
  const passwords = deps.passwordHasher ?? createPasswordHasher();
  const companies = new CompaniesRepository(deps.db);
  const clients = new ClientsRepository(deps.db);
  const documents = new DocumentsRepository(deps.db);
  const revocations = new RevocationsRepository(deps.db);
  const issuer = new IssuerService(companies, documents, passwords, now);
  const receiver = new ReceiverService(clients, documents, passwords, now);
  const tokens = new TokenService(deps.jwtSecret, now);
  const sessions = new SessionManager({
    tokens,
    revocations,
    publicUrl: deps.config.publicUrl,
    validators: {
      company: (claims) => issuer.acceptsSession(claims),
      client: (claims) => receiver.acceptsSession(claims),
      document: () => Promise.resolve(true),
    },
  });
  return {
    config: deps.config,
    db: deps.db,
    sessions,
    revocations,
    limiter: new AttemptLimiter(deps.limitRules ?? DEFAULT_LIMIT_RULES, () => now().getTime()),
    links: new SignedLinks(deps.jwtSecret, now),
    documents,
    admin: new AdminService(companies, passwords, now),
    issuer,
    publisher: new PublishService(documents, deps.blobs),
    consult: new ConsultService(documents),
    receiver,
    files: new FileAccessService(documents, deps.blobs, deps.pdfRenderer ?? renderPdf, now),
    now,
  };
}
