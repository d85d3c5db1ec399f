import type { CdrAnswer, ValidezFilter } from '@sufel/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Columns the database fills in and the application never writes. */
type CreatedAt = ColumnType<Date, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface IssuersTable {
  ruc: string;
  nombre: string;
  password_hash: string;
  habilitado: Generated<boolean>;
  created_at: CreatedAt;
  password_changed_at: Timestamp;
  /** Raised by every password change; tokens carry the version they were issued under. */
  session_version: Generated<number>;
}

/** An issuer's named API token, kept as the SHA-256 of its text. */
export interface IssuerTokensTable {
  id: Generated<number>;
  ruc: string;
  nombre: string;
  token_hash: string;
  created_at: Timestamp;
  /** Written at most once a minute per token, so publishing does not write on every request. */
  last_used_at: Date | null;
}

export interface ReceiversTable {
  documento: string;
  nombres: string;
  password_hash: string;
  created_at: CreatedAt;
  password_changed_at: Timestamp;
  /** Raised by every password change; tokens carry the version they were issued under. */
  session_version: Generated<number>;
  /** Notices of new documents: 'none', 'each' (one mail per document) or 'digest' (daily). */
  notice_mode: Generated<'none' | 'each' | 'digest'>;
  /** Who verified the RUC: a verified account sees every issuer; null: only those granted. */
  verified_by: ReceiverVerifier | null;
  verified_at: Date | null;
}

/** Who can verify a receiver's RUC: the operator, or a login to SIRE with the company's credentials. */
export type ReceiverVerifier = 'operator' | 'sire';

/** How an account came to see an issuer's documents. */
export type GrantProof = 'document' | 'before_rule';

/** The issuers an unverified receiver account may see. */
export interface ReceiverGrantsTable {
  cliente_doc: string;
  emisor: string;
  proof: GrantProof;
  granted_at: Timestamp;
}

export interface DocumentsTable {
  id: Generated<number>;
  emisor: string;
  emisor_nombre: string;
  tipo: string;
  serie: string;
  /** The number part without leading zeros, as an integer (1–99 999 999). */
  numero: number;
  /** The number part as printed in the XML's cbc:ID ("00000230"); null until the backfill reads it. */
  numero_impreso: string | null;
  /** Calendar day, `YYYY-MM-DD` (DATE parsed as text, never as a local Date). */
  fecha: string;
  /** NUMERIC(18,2) as text. */
  total: string;
  moneda: string;
  cliente_tipo: string;
  cliente_doc: string;
  cliente_nombre: string;
  baja: Generated<boolean>;
  baja_at: Date | null;
  xml_hash: string;
  pdf_hash: string | null;
  /** The PDF was rendered by SUFEL, not sent by the issuer. */
  pdf_generated: Generated<boolean>;
  cdr_hash: string | null;
  created_at: CreatedAt;
  last_access_at: Date | null;
  /** Purchase-register amounts, NUMERIC(18,2) as text, read from the XML at publish. */
  base_gravada: Generated<string>;
  exonerado: Generated<string>;
  inafecto: Generated<string>;
  gratuito: Generated<string>;
  igv: Generated<string>;
  isc: Generated<string>;
  icbper: Generated<string>;
  otros_cargos: Generated<string>;
  descuentos: Generated<string>;
  /** `YYYY-MM-DD`. */
  vencimiento: string | null;
  /** The document a credit or debit note modifies, and why. */
  ref_tipo: string | null;
  ref_serie: string | null;
  ref_numero: string | null;
  motivo_codigo: string | null;
  motivo: string | null;
  /** SUNAT's response code in the CDR ("0" accepted, ≥ 4000 with observations). */
  cdr_codigo: string | null;
  /** What the CDR says of this document; null without a CDR, or until the backfill reads it. */
  cdr_respuesta: CdrAnswer | null;
  /** The amounts above were read from the XML (false only for rows awaiting the backfill). */
  importes_leidos: Generated<boolean>;
  /** valida | invalida | ausente; null until the signature was checked. */
  firma_estado: 'valida' | 'invalida' | 'ausente' | null;
  /** From the signing certificate's subject. */
  firma_firmante: string | null;
  firma_ruc: string | null;
  /** The signing certificate's validity. */
  firma_desde: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  firma_hasta: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The issue date falls inside that validity. */
  firma_en_vigencia: boolean | null;
  /** SUNAT's CAR (Tabla 7), the key SIRE names the document by; null until the backfill computes it. */
  car: string | null;
  /** The period whose include/exclude file for SIRE last excluded it. */
  sire_excluido: string | null;
  /** The period whose complement file for SIRE added it. */
  sire_complementado: string | null;
  /** Contado | Credito as declared (a document listing only instalments is on credit). */
  forma_pago: 'Contado' | 'Credito' | null;
  cuotas: Generated<number>;
  /** Subject to detracción, by its data or only by a legend. */
  detraccion: Generated<boolean>;
  /** Catalogue 54. */
  detraccion_codigo: string | null;
  /** NUMERIC as text, as declared. */
  detraccion_porcentaje: string | null;
  /** In soles, NUMERIC as text. */
  detraccion_monto: string | null;
  /** The supplier's Banco de la Nación account. */
  detraccion_cuenta: string | null;
  /** Catalogue 59. */
  detraccion_medio: string | null;
  /** Catalogue 53. */
  percepcion_codigo: string | null;
  percepcion_monto: string | null;
  /** IGV retention declared on the invoice (charge code 62). */
  retencion_monto: string | null;
  /** The columns above were read from the XML (false only for rows awaiting the backfill). */
  dinero_leido: Generated<boolean>;
  /** How it came in: published by its issuer, or a copy its receiver uploaded or got by mail. */
  origen: Generated<DocumentOrigin>;
  /** A later copy of this document whose bytes differed: kept, never in place of this one. */
  copia_distinta: string | null;
  /** Its owner removed this added copy: out of every view, purged once the retention period passed. */
  quitado_at: Date | null;
  /** Who removed it (the account's RUC). */
  quitado_por: string | null;
  /**
   * SUNAT's latest estadoCp for it, or `sin` while never checked: copied by
   * the database from `document_validity`, for the list's state filters.
   */
  validez: ColumnType<ValidezFilter, never, never>;
}

export type DocumentOrigin = 'emisor' | 'carga' | 'correo';

/** One instalment of a document on credit, as declared. */
export interface DocumentInstallmentsTable {
  document_id: number;
  /** Its place among the document's instalments, from 1. */
  cuota: number;
  /** cbc:ID as declared ("Cuota001"). */
  identificador: string;
  /** NUMERIC as text, in the document's currency. */
  monto: string;
  /** `YYYY-MM-DD`. */
  vence: string | null;
}

/** Receiver → issuers that sent it documents, so that list never scans documents. */
export interface ReceiverIssuersTable {
  cliente_doc: string;
  emisor: string;
}

export interface BlobsTable {
  hash: string;
  /** Pack file, relative to the files directory. */
  pack: string;
  /** Byte offset in the pack (int8, read as a number). */
  position: number;
  size: number;
}

/** The bytes of stored files, for the `postgres` file driver. */
export interface FileContentsTable {
  hash: string;
  size: number;
  content: Uint8Array;
}

/** Values generated once and shared by every instance (the token key). */
export interface SettingsTable {
  name: string;
  value: string;
}

/** Failed attempts in the open window of one address or target (`reset_at` in epoch ms). */
export interface AttemptCountersTable {
  key: string;
  failures: number;
  reset_at: number;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

/**
 * PDFs whose rendering went over its time or memory budget: shared by every
 * instance, so none starts that render again while the budget is the same.
 */
export interface RenderFailuresTable {
  document_id: number;
  /** RENDER_TIMEOUT_MS when it failed; a larger budget tries again. */
  budget_ms: number;
  reason: 'time' | 'memory';
  failed_at: CreatedAt;
}

export interface ReceiverEmailsTable {
  id: Generated<number>;
  cliente_doc: string;
  address: string;
  /** Language of the mail sent to this address: 'es' or 'en'. */
  language: Generated<string>;
  confirmed_at: Date | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** Unique when set: the same mail queued again is kept once. */
  dedupe_key: string | null;
  /** JSON object of extra mail headers. */
  headers: string | null;
}

export interface NoticeDigestItemsTable {
  cliente_doc: string;
  /** Lima calendar day the document was published, `YYYY-MM-DD`. */
  day: string;
  document_id: number;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON, written as text and read back parsed. */
  payload: ColumnType<unknown, string, never>;
  state: Generated<JobState>;
  /** Jobs with the same kind and key share one rate limit across instances. */
  rate_key: string | null;
  /** Unique among unfinished jobs: the same work queued again is kept once. */
  dedupe_key: string | null;
  batch_id: number | null;
  /** Higher first, before the time they were due. */
  priority: Generated<number>;
  /** Claims so far; also fences a worker whose lease was taken over. */
  attempts: Generated<number>;
  /** Queued: when it may run. Running: when its lease ends. */
  run_at: Timestamp;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface JobBatchesTable {
  id: Generated<number>;
  created_at: CreatedAt;
}

export interface JobRateLimitsTable {
  /** `kind:rate_key`. */
  key: string;
  /** The earliest start time not yet given to a job. */
  next_at: Timestamp;
}

/** A secret sealed by the secret box (`v1.<key id>.<iv>.<ciphertext>.<tag>`). */
export interface SecretsTable {
  name: string;
  sealed: string;
  updated_at: Timestamp;
}

export interface InboxAddressesTable {
  cliente_doc: string;
  tag: string;
  created_at: CreatedAt;
}

export type InboundMailState = 'pendiente' | 'procesado' | 'repetido' | 'fallido';

export interface InboundMailsTable {
  id: Generated<number>;
  cliente_doc: string;
  via: 'smtp' | 'imap';
  message_id: string | null;
  /** Message-ID and body hash: the same mail delivered again has the same key. */
  dedupe_key: string;
  /** The mail as received, in the file store; null for a repeat. */
  raw_hash: string | null;
  size: number;
  sender: string;
  subject: string;
  received_at: Timestamp;
  state: Generated<InboundMailState>;
  reason: string | null;
  /** The first delivery of the same mail, on a repeat. */
  repeat_of: number | null;
  /** `<UIDVALIDITY>:<UID>` in the operator's IMAP mailbox. */
  imap_source: string | null;
  processed_at: Date | null;
}

export type InboundAttachmentState = 'agregado' | 'duplicado' | 'rechazado' | 'omitido';

export interface InboundMailAttachmentsTable {
  mail_id: number;
  position: number;
  file_name: string;
  state: InboundAttachmentState;
  reason: string | null;
  document_id: number | null;
}

export interface InboundPollLeasesTable {
  name: string;
  /** The instance polling now. */
  holder: string;
  until: Timestamp;
}

/** A receiver's "Credenciales de API SUNAT"; the secret is sealed in `secrets`. */
export interface SunatCredentialsTable {
  cliente_doc: string;
  client_id: string;
  saved_at: Timestamp;
  last_used_at: Date | null;
  refused_at: Date | null;
  refused_reason: string | null;
}

/** The token SUNAT issued for a receiver's credentials, sealed, shared by every instance. */
export interface SunatTokensTable {
  cliente_doc: string;
  client_id: string;
  sealed: string;
  usable_until: Timestamp;
}

/** SUNAT's latest answer about a document (consulta integrada), codes as SUNAT sent them. */
export interface DocumentValidityTable {
  document_id: number;
  estado_cp: '0' | '1' | '2' | '3' | '4';
  estado_ruc: string | null;
  cond_domi_ruc: string | null;
  /** JSON array of text, written as text and read back parsed. */
  observaciones: ColumnType<string[], string, string>;
  checked_at: Timestamp;
}

/** A receiver's check of a period, followed through its job batch. */
export interface ValidityChecksTable {
  id: Generated<number>;
  cliente_doc: string;
  batch_id: number;
  /** `YYYY-MM-DD`. */
  start_date: string;
  end_date: string;
  /** Documents of the period of types SUNAT does not answer for. */
  skipped: number;
  created_at: Timestamp;
}

export type BackgroundExportState = 'preparing' | 'ready' | 'failed';

export interface BackgroundExportsTable {
  id: Generated<number>;
  receiver_ruc: string;
  /** The export's filter, as the list takes it. */
  filter: ColumnType<Record<string, unknown>, string, string>;
  file_name: string;
  state: Generated<BackgroundExportState>;
  documents: number;
  done: Generated<number>;
  size: ColumnType<string | number, number | undefined, number>;
  /** The ZIP's parts in the file store, in order. */
  parts: ColumnType<string[], string[] | undefined, string[]>;
  failure: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
  expires_at: Date | null;
}

export interface ReconciliationsTable {
  id: Generated<number>;
  cliente_doc: string;
  periodo: string;
  origen: 'archivo' | 'sire';
  estado: 'procesando' | 'listo' | 'fallido';
  /** What is happening now, for the progress shown. */
  etapa: string | null;
  /** Why it failed. */
  mensaje: string | null;
  archivo_nombre: string | null;
  archivo_hash: string | null;
  filas: Generated<number>;
  procesadas: Generated<number>;
  /** JSON: rows per group. */
  resumen: ColumnType<Record<string, number>, string | undefined, string>;
  filas_con_error: Generated<number>;
  /** JSON: the first unreadable rows, `{linea, mensaje}`. */
  errores: ColumnType<{ linea: number; mensaje: string }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The first SIRE period (`AAAAMM`) whose proposal held a document; no row: never proposed. */
export interface DocumentProposalsTable {
  document_id: number;
  periodo: string;
}

export interface ReconciliationItemsTable {
  reconciliation_id: number;
  linea: number;
  car: string;
  grupo: string;
  tipo: string;
  serie: string;
  numero: string;
  emisor: string;
  emisor_nombre: string;
  /** `YYYY-MM-DD`. */
  fecha: string;
  moneda: string;
  /** NUMERIC as text; base and IGV are fields 15 + 17 + 19 and 16 + 18 + 20. */
  total_sire: string;
  base_sire: string;
  igv_sire: string;
  total_sufel: string | null;
  base_sufel: string | null;
  igv_sufel: string | null;
  document_id: number | null;
  motivo: string;
}

/** The last NN of each file for SIRE per account, period and kind (`RCEINEX`, `CP`). */
export interface SireFilesTable {
  cliente_doc: string;
  periodo: string;
  archivo: string;
  secuencia: number;
}

/** A receiver's SIRE credentials; the client secret and SOL password are sealed in `secrets`. */
export interface SireCredentialsTable {
  cliente_doc: string;
  client_id: string;
  usuario_sol: string;
  saved_at: Timestamp;
  last_used_at: Date | null;
  refused_at: Date | null;
}

export interface Database {
  companies: IssuersTable;
  company_tokens: IssuerTokensTable;
  clients: ReceiversTable;
  documents: DocumentsTable;
  client_issuers: ReceiverIssuersTable;
  receiver_grants: ReceiverGrantsTable;
  blobs: BlobsTable;
  revoked_tokens: RevokedTokensTable;
  render_failures: RenderFailuresTable;
  client_emails: ReceiverEmailsTable;
  mail_outbox: MailOutboxTable;
  notice_digest_items: NoticeDigestItemsTable;
  file_contents: FileContentsTable;
  settings: SettingsTable;
  attempt_counters: AttemptCountersTable;
  background_exports: BackgroundExportsTable;
  jobs: JobsTable;
  job_batches: JobBatchesTable;
  job_rate_limits: JobRateLimitsTable;
  secrets: SecretsTable;
  inbox_addresses: InboxAddressesTable;
  inbound_mails: InboundMailsTable;
  inbound_mail_attachments: InboundMailAttachmentsTable;
  inbound_poll_leases: InboundPollLeasesTable;
  sunat_credentials: SunatCredentialsTable;
  sunat_tokens: SunatTokensTable;
  document_validity: DocumentValidityTable;
  validity_checks: ValidityChecksTable;
  reconciliations: ReconciliationsTable;
  reconciliation_items: ReconciliationItemsTable;
  document_proposals: DocumentProposalsTable;
  sire_files: SireFilesTable;
  sire_credentials: SireCredentialsTable;
  document_installments: DocumentInstallmentsTable;
}

export type IssuerRow = Selectable<IssuersTable>;
export type ReceiverRow = Selectable<ReceiversTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type DocumentUpdate = Updateable<DocumentsTable>;
export type ReceiverEmailRow = Selectable<ReceiverEmailsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
