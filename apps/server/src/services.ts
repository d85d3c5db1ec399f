import { SireClient, type SireClientOptions } from '@sufel/sire';
import type { Kysely } from 'kysely';
import {
  MemoryAttemptCounterStore,
  type AttemptCounterStore,
} from './auth/attempt-counter-store.js';
import { AttemptLimiter, DEFAULT_LIMIT_RULES, type LimitRules } from './auth/attempt-limiter.js';
import { ChallengeService } from './auth/challenges.js';
import { PasswordPolicy } from './auth/password-policy.js';
import { createPasswordHasher, type PasswordHasher } from './auth/passwords.js';
import { PurposeTokens } from './auth/purpose-tokens.js';
import { RevocationsRepository } from './auth/revocations.repository.js';
import { SessionManager } from './auth/session.js';
import { SharedAttemptCounters } from './auth/shared-attempt-counters.js';
import { TokenService } from './auth/tokens.js';
import type { AppConfig } from './config.js';
import type { Listen } from './db/notifications.js';
import type { Database } from './db/types.js';
import type { FileStore } from './file-store/file-store.js';
import { JobQueue } from './jobs/job-queue.js';
import { DEFAULT_JOB_WORKER_OPTIONS, JobWorker, type JobWorkerOptions } from './jobs/job-worker.js';
import { JobsRepository } from './jobs/jobs.repository.js';
import {
  DEFAULT_MAIL_WORKER_OPTIONS,
  MailWorker,
  type MailWorkerOptions,
} from './mail/mail-worker.js';
import { Mailer } from './mail/mailer.js';
import { OutboxRepository } from './mail/outbox.repository.js';
import { smtpTransport } from './mail/smtp-transport.js';
import { AdminService } from './modules/admin/admin.service.js';
import { ConsultService } from './modules/consult/consult.service.js';
import { BackfillScansRepository } from './modules/documents/backfill-scans.repository.js';
import { CarBackfill } from './modules/documents/car-backfill.js';
import { CdrBackfill } from './modules/documents/cdr-backfill.js';
import { DocumentsRepository } from './modules/documents/documents.repository.js';
import { MoneyBackfill } from './modules/documents/money-backfill.js';
import { RegisterBackfill } from './modules/documents/register-backfill.js';
import { SignatureBackfill } from './modules/documents/signature-backfill.js';
import { BackgroundExportsRepository } from './modules/export/background-exports.repository.js';
import { BackgroundExportsService } from './modules/export/background-exports.service.js';
import { ExportDocumentsRepository } from './modules/export/export-documents.repository.js';
import { ExportLimiter } from './modules/export/export-limiter.js';
import { ExportService } from './modules/export/export.service.js';
import { DocumentResourcesService } from './modules/files/document-resources.service.js';
import { FileAccessService } from './modules/files/file-access.service.js';
import { consultationNote, type PdfRenderer } from './modules/files/pdf-renderer.js';
import { RenderFailuresRepository } from './modules/files/render-failures.repository.js';
import { SignedLinks } from './modules/files/signed-links.js';
import { ImapPoller } from './modules/inbox/imap-poller.js';
import { InboxProcessing } from './modules/inbox/inbox-processing.js';
import { InboxRepository } from './modules/inbox/inbox.repository.js';
import { InboxService } from './modules/inbox/inbox.service.js';
import type { ReceivedDocumentsIntake } from './modules/inbox/received-intake.js';
import { SmtpListener } from './modules/inbox/smtp-listener.js';
import { IssuerTokensRepository } from './modules/issuer-tokens/issuer-tokens.repository.js';
import { IssuerTokensService } from './modules/issuer-tokens/issuer-tokens.service.js';
import { IssuerDocumentsRepository } from './modules/issuer/issuer-documents.repository.js';
import { IssuersRepository } from './modules/issuer/issuer.repository.js';
import { IssuerService } from './modules/issuer/issuer.service.js';
import { PublishService, type PublishParser } from './modules/issuer/publish.service.js';
import { MoneyRepository } from './modules/money/money.repository.js';
import { MoneyService } from './modules/money/money.service.js';
import { DigestJob } from './modules/notices/digest-job.js';
import { NoticesRepository } from './modules/notices/notices.repository.js';
import { NoticesService } from './modules/notices/notices.service.js';
import { ReceivedRetention } from './modules/received/received-retention.js';
import { ReceivedRetentionRepository } from './modules/received/received-retention.repository.js';
import { ReceivedService } from './modules/received/received.service.js';
import { ReceiverAccessRepository } from './modules/receiver-access/receiver-access.repository.js';
import { ReceiverAccessService } from './modules/receiver-access/receiver-access.service.js';
import { ReceiverEmailsRepository } from './modules/receiver-emails/receiver-emails.repository.js';
import { ReceiverEmailsService } from './modules/receiver-emails/receiver-emails.service.js';
import { PasswordResetService } from './modules/receiver/password-reset.service.js';
import { ReceiverDocumentsRepository } from './modules/receiver/receiver-documents.repository.js';
import { ReceiverRegistration } from './modules/receiver/receiver-registration.js';
import { ReceiversRepository } from './modules/receiver/receiver.repository.js';
import { ReceiverService } from './modules/receiver/receiver.service.js';
import {
  reconciliationJobHandler,
  sireDownloadJobHandler,
} from './modules/reconciliation/reconciliation-job.js';
import { ReconciliationRepository } from './modules/reconciliation/reconciliation.repository.js';
import { ReconciliationService } from './modules/reconciliation/reconciliation.service.js';
import {
  SireCredentialsService,
  type AccountVerifier,
} from './modules/reconciliation/sire-credentials.service.js';
import { SireDownload } from './modules/reconciliation/sire-download.js';
import { SunatAccess } from './modules/sunat-validity/sunat-access.js';
import { SunatCredentialsService } from './modules/sunat-validity/sunat-credentials.service.js';
import {
  readValidity,
  SunatValidityRepository,
  type ValidityReader,
} from './modules/sunat-validity/sunat-validity.repository.js';
import { SunatValidityService } from './modules/sunat-validity/sunat-validity.service.js';
import { validityJobHandler } from './modules/sunat-validity/validity-job.js';
import { SecretBox } from './secrets/secret-box.js';
import { SecretStore } from './secrets/secret-store.js';
import { ValidityClient } from './sunat/validity-client.js';
import { WorkPool } from './workers/work-pool.js';

/** What the application is built from; tests pass their own database, store and clock. */
export interface AppDependencies {
  config: Readonly<AppConfig>;
  db: Kysely<Database>;
  fileStore: FileStore;
  jwtSecret: Uint8Array;
  /** Unset: secrets cannot be stored (a database server without SECRETS_KEY). */
  secretsKey?: string | undefined;
  passwordHasher?: PasswordHasher;
  limitRules?: LimitRules;
  /** Where attempt counters live; unset: in this process's memory. */
  counterStore?: AttemptCounterStore;
  /** Tests make challenges cheap to solve. */
  challengeMaxNumber?: number;
  pdfRenderer?: PdfRenderer;
  /** Tests shorten the queue's timings. */
  mailWorkerOptions?: Partial<MailWorkerOptions>;
  /** Tests look at the digest queue themselves. */
  digestPollMs?: number;
  /** NOTIFY on the database; unset (the CLI): background jobs are found by polling. */
  listen?: Listen;
  /** Tests shorten the job queue's timings. */
  jobWorkerOptions?: Partial<JobWorkerOptions>;
  /** Where documents from mail enter the receiver's archive; unset: the upload's own pipeline. */
  receivedIntake?: ReceivedDocumentsIntake;
  /** How long a check asked for now waits for SUNAT; tests shorten it. */
  sunatCheckWaitMs?: number;
  /** Tests shorten SIRE's polling and retries. */
  sireClientOptions?: Partial<SireClientOptions>;
  now?: () => Date;
}

export interface Services {
  config: Readonly<AppConfig>;
  db: Kysely<Database>;
  sessions: SessionManager;
  revocations: RevocationsRepository;
  limiter: AttemptLimiter;
  /** Counters shared through PostgreSQL; null on the embedded database. */
  sharedCounters: SharedAttemptCounters | null;
  challenges: ChallengeService;
  passwordReset: PasswordResetService;
  links: SignedLinks;
  documents: DocumentsRepository;
  admin: AdminService;
  issuer: IssuerService;
  /** Issuers' named API tokens. */
  issuerTokens: IssuerTokensService;
  publisher: PublishService;
  consult: ConsultService;
  receiver: ReceiverService;
  /** Opening a receiver account with the proof of a document issued to it. */
  registration: ReceiverRegistration;
  /** Which issuers' documents each receiver account may see; verifying a RUC. */
  receiverAccess: ReceiverAccessService;
  /** A document's files (XML, printed PDF, CDR), rendering the PDF when the issuer sent none. */
  documentFiles: FileAccessService;
  /** A document's info, detail and files, for whoever the asker is allowed to be. */
  documentResources: DocumentResourcesService;
  /** Worker threads for renders and large XML; closed with the application. */
  work: WorkPool;
  backfill: RegisterBackfill;
  carBackfill: CarBackfill;
  signatureBackfill: SignatureBackfill;
  moneyBackfill: MoneyBackfill;
  cdrBackfill: CdrBackfill;
  money: MoneyService;
  exports: ExportService;
  exportLimiter: ExportLimiter;
  /** ZIP exports too large to wait for, built by a job. */
  backgroundExports: BackgroundExportsService;
  fileStore: FileStore;
  mailer: Mailer;
  /** Null when SMTP is not configured. */
  mailWorker: MailWorker | null;
  receiverEmails: ReceiverEmailsService;
  notices: NoticesService;
  /** Null when SMTP is not configured. */
  digestJob: DigestJob | null;
  purposeTokens: PurposeTokens;
  /** Receivers' credentials for outside services, sealed under SECRETS_KEY. */
  secrets: SecretStore;
  /** Receivers' SUNAT API credentials. */
  sunatCredentials: SunatCredentialsService;
  /** SUNAT's state of receivers' documents (consulta integrada). */
  sunatValidity: SunatValidityService;
  /** SIRE's purchase-register proposal matched with the documents held here. */
  reconciliations: ReconciliationService;
  /** Receivers' SIRE credentials, for "Descargar de SUNAT". */
  sireCredentials: SireCredentialsService;
  /** Background work in the database, shared by every instance. */
  jobs: JobQueue;
  jobWorker: JobWorker;
  /** Each receiver's inbound address, its mail log, and receiving mail. */
  inbox: InboxService;
  /** Documents receivers add themselves (upload, mail). */
  received: ReceivedService;
  /** Removing an added copy, and purging removed copies once their retention period ends. */
  retention: ReceivedRetention;
  /** SUFEL's own MX; null unless INBOUND_SMTP_PORT is set. */
  smtpListener: SmtpListener | null;
  /** Reads the operator's mailbox; null unless INBOUND_IMAP_URL is set. */
  imapPoller: ImapPoller | null;
  now: () => Date;
}

/**
 * Checking a signature costs far more than reading the document, and grows
 * faster than its size (xml-crypto canonicalises a DOM of it): 0.7 s to read a
 * 9 MB XML, 45 s to check it. Above this size a document is published
 * unchecked (`firma` null), and `documents verify` can check it later.
 */
export const SIGNATURE_CHECK_MAX_BYTES = 1024 * 1024;

function publishParser(work: WorkPool, verify: boolean): PublishParser {
  return async (xml, maxBytes) =>
    verify && xml.byteLength <= SIGNATURE_CHECK_MAX_BYTES
      ? work.parseSignedDocument(xml, maxBytes)
      : { document: await work.parseDocument(xml, maxBytes), signature: null };
}

/** The composition root: repositories, then services, wired once. */
export function createServices(deps: AppDependencies): Services {
  const now = deps.now ?? (() => new Date());
  const passwords = deps.passwordHasher ?? createPasswordHasher();
  const issuers = new IssuersRepository(deps.db);
  const receivers = new ReceiversRepository(deps.db);
  const documents = new DocumentsRepository(deps.db);
  const receiverDocuments = new ReceiverDocumentsRepository(deps.db);
  const backfillScans = new BackfillScansRepository(deps.db);
  const exportDocuments = new ExportDocumentsRepository(deps.db);
  const issuerDocuments = new IssuerDocumentsRepository(deps.db);
  const revocations = new RevocationsRepository(deps.db);
  const receiverEmailsRepository = new ReceiverEmailsRepository(deps.db);
  const outbox = new OutboxRepository(deps.db);
  const jobsRepository = new JobsRepository(deps.db);
  const jobs = new JobQueue(jobsRepository, now);
  const purposeTokens = new PurposeTokens(deps.jwtSecret, now);
  const mail = deps.config.mail;
  const mailWorker =
    mail === undefined
      ? null
      : new MailWorker(outbox, smtpTransport(mail.smtpUrl), mail.from, now, {
          ...DEFAULT_MAIL_WORKER_OPTIONS,
          ...deps.mailWorkerOptions,
        });
  const mailer = new Mailer(
    deps.db,
    outbox,
    receiverEmailsRepository,
    now,
    mail === undefined || mailWorker === null
      ? null
      : { wake: () => mailWorker.wake(), portalUrl: mail.portalUrl },
  );
  // With a database server, instances share the counters; the embedded database has one process.
  const sharedCounters =
    deps.counterStore === undefined && deps.config.databaseUrl !== undefined
      ? new SharedAttemptCounters(deps.config.databaseUrl, () => now().getTime())
      : null;
  const counters =
    deps.counterStore ?? sharedCounters ?? new MemoryAttemptCounterStore(() => now().getTime());
  const challenges = new ChallengeService(deps.jwtSecret, counters, now, deps.challengeMaxNumber);
  const limiter = new AttemptLimiter(
    counters,
    (solution, level) => challenges.verify(solution, level),
    deps.limitRules ?? DEFAULT_LIMIT_RULES,
  );
  const notices = new NoticesService(new NoticesRepository(deps.db), mailer, purposeTokens, now);
  const work = new WorkPool(deps.config.render);
  const parse = publishParser(work, deps.config.verifySignatures);
  const policy = new PasswordPolicy(work.ratePassword);
  const validityOf: ValidityReader = (ids) => readValidity(deps.db, ids);
  const receiverAccessRepository = new ReceiverAccessRepository(deps.db);
  const receiver = new ReceiverService(
    receivers,
    documents,
    receiverDocuments,
    passwords,
    policy,
    limiter,
    mailer,
    now,
    validityOf,
    receiverAccessRepository,
    deps.config.web.contact,
  );
  const receiverAccess = new ReceiverAccessService(
    receiverAccessRepository,
    receivers,
    receiver,
    limiter,
    now,
    deps.config.web.contact,
  );
  const issuer = new IssuerService(issuers, documents, issuerDocuments, passwords, policy, now);
  const tokens = new TokenService(deps.jwtSecret, now);
  const issuerTokens = new IssuerTokensService(new IssuerTokensRepository(deps.db), now);
  const secrets = new SecretStore(
    deps.db,
    deps.secretsKey === undefined ? null : new SecretBox(deps.secretsKey),
  );
  const sunatClient = new ValidityClient({
    authUrl: deps.config.sunat.authUrl,
    apiUrl: deps.config.sunat.apiUrl,
    timeoutMs: deps.config.sunat.timeoutMs,
    now,
  });
  const validityRepository = new SunatValidityRepository(deps.db);
  const sunatAccess = new SunatAccess(deps.db, validityRepository, secrets, sunatClient, now);
  const sunatValidity = new SunatValidityService(
    deps.db,
    documents,
    receiverDocuments,
    validityRepository,
    sunatAccess,
    jobs,
    now,
    deps.sunatCheckWaitMs,
  );
  const received = new ReceivedService(deps.db, documents, deps.fileStore, parse, sunatValidity);
  const retention = new ReceivedRetention(
    deps.db,
    new ReceivedRetentionRepository(deps.db),
    documents,
    deps.fileStore,
    jobs,
    deps.config.retentionYears,
    now,
  );
  jobs.register(retention.jobHandler());
  const inboxRepository = new InboxRepository(deps.db);
  const { inbound } = deps.config;
  const inbox = new InboxService(
    inboxRepository,
    deps.db,
    deps.fileStore,
    jobs,
    { smtpDomain: inbound.smtp?.domain, imapAddress: inbound.imap?.address },
    now,
  );
  jobs.register(
    new InboxProcessing(
      inboxRepository,
      deps.db,
      deps.fileStore,
      deps.receivedIntake ?? received,
      now,
    ),
  );
  jobs.register(
    validityJobHandler({
      documents,
      repository: validityRepository,
      access: sunatAccess,
      client: sunatClient,
      now,
      ratePerSecond: deps.config.sunat.ratePerSecond,
    }),
  );
  const sessions = new SessionManager({
    tokens,
    revocations,
    publicUrl: deps.config.publicUrl,
    validators: {
      company: (claims) => issuer.acceptsSession(claims),
      client: (claims) => receiver.acceptsSession(claims),
      document: () => Promise.resolve(true),
    },
    apiTokens: (token) => issuerTokens.authenticate(token),
  });
  const links = new SignedLinks(deps.jwtSecret, now);
  const receiverEmails = new ReceiverEmailsService(
    receiverEmailsRepository,
    mailer,
    purposeTokens,
    limiter,
    (receiverRuc, password) => receiver.checkCredentials(receiverRuc, password),
    now,
  );
  const documentFiles = new FileAccessService(
    deps.db,
    documents,
    deps.fileStore,
    {
      render: deps.pdfRenderer ?? work.renderPdf,
      parse: work.parseDocument,
      failures: new RenderFailuresRepository(deps.db),
      budgetMs: deps.config.render.timeoutMs,
      consultation: consultationNote(deps.config.publicUrl, deps.config.web.product),
    },
    now,
    validityOf,
  );
  const exports = new ExportService(exportDocuments, deps.fileStore, documentFiles, validityOf);
  const backgroundExports = new BackgroundExportsService(
    deps.db,
    new BackgroundExportsRepository(deps.db),
    exports,
    deps.fileStore,
    jobs,
    now,
  );
  jobs.register(backgroundExports.buildHandler());
  jobs.register(backgroundExports.purgeHandler());
  const reconciliationRepository = new ReconciliationRepository(deps.db);
  const reconciliations = new ReconciliationService(
    deps.db,
    reconciliationRepository,
    deps.fileStore,
    jobs,
    exports,
    now,
  );
  jobs.register(reconciliationJobHandler(reconciliations));
  const sireClient = new SireClient({
    authUrl: deps.config.sire.authUrl,
    apiUrl: deps.config.sire.apiUrl,
    ...deps.sireClientOptions,
  });
  // A SIRE token proves control of the RUC: it verifies the account, as the operator does.
  const verifyAccountBySire: AccountVerifier = async (ruc) => {
    await receiverAccess.verifyReceiver(ruc, 'sire');
  };
  const sireCredentials = new SireCredentialsService(
    deps.db,
    secrets,
    sireClient,
    verifyAccountBySire,
    now,
  );
  jobs.register(
    sireDownloadJobHandler(
      new SireDownload(reconciliationRepository, reconciliations, sireCredentials, sireClient),
    ),
  );
  return {
    config: deps.config,
    db: deps.db,
    sessions,
    revocations,
    limiter,
    sharedCounters,
    challenges,
    passwordReset: new PasswordResetService(receivers, mailer, purposeTokens, receiver),
    links,
    documents,
    admin: new AdminService(issuers, passwords, policy, now),
    issuer,
    issuerTokens,
    publisher: new PublishService(
      deps.db,
      documents,
      deps.fileStore,
      parse,
      notices,
      mailer,
      sunatValidity,
    ),
    consult: new ConsultService(documents, limiter),
    receiver,
    registration: new ReceiverRegistration(receiver, receiverEmails, limiter, mailer),
    receiverAccess,
    documentFiles,
    documentResources: new DocumentResourcesService(documents, links, documentFiles),
    fileStore: deps.fileStore,
    backfill: new RegisterBackfill(deps.db, backfillScans, documents, deps.fileStore),
    carBackfill: new CarBackfill(backfillScans, documents),
    signatureBackfill: new SignatureBackfill(deps.db, backfillScans, documents, deps.fileStore),
    moneyBackfill: new MoneyBackfill(deps.db, backfillScans, documents, deps.fileStore),
    cdrBackfill: new CdrBackfill(deps.db, backfillScans, documents, deps.fileStore),
    money: new MoneyService(new MoneyRepository(deps.db)),
    exports,
    backgroundExports,
    exportLimiter: new ExportLimiter(deps.config.exportsPerHour, () => now().getTime()),
    work,
    mailer,
    mailWorker,
    receiverEmails,
    notices,
    digestJob: mailWorker === null ? null : new DigestJob(notices, deps.db, deps.digestPollMs),
    purposeTokens,
    secrets,
    sunatCredentials: new SunatCredentialsService(
      deps.db,
      validityRepository,
      sunatAccess,
      secrets,
      sunatClient,
      now,
    ),
    sunatValidity,
    reconciliations,
    sireCredentials,
    jobs,
    jobWorker: new JobWorker(
      jobs,
      jobsRepository,
      now,
      {
        ...DEFAULT_JOB_WORKER_OPTIONS,
        concurrency: deps.config.jobs.concurrency,
        leaseMs: deps.config.jobs.leaseMs,
        ...deps.jobWorkerOptions,
      },
      deps.listen,
    ),
    inbox,
    received,
    retention,
    smtpListener: inbound.smtp === undefined ? null : new SmtpListener(inbound.smtp, inbox),
    imapPoller:
      inbound.imap === undefined ? null : new ImapPoller(inbound.imap, inbox, inboxRepository, now),
    now,
  };
}
