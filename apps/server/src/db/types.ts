import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Columns the database fills in and the application never writes. */
type CreatedAt = ColumnType<Date, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompaniesTable {
  ruc: string;
  nombre: string;
  password_hash: string;
  habilitado: Generated<boolean>;
  created_at: CreatedAt;
  password_changed_at: Timestamp;
}

export interface ClientsTable {
  documento: string;
  nombres: string;
  password_hash: string;
  created_at: CreatedAt;
  password_changed_at: Timestamp;
}

export interface DocumentsTable {
  id: Generated<number>;
  emisor: string;
  emisor_nombre: string;
  tipo: string;
  serie: string;
  /** The number part without leading zeros, as an integer (1–99 999 999). */
  numero: number;
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
}

/** Receiver → issuers that sent it documents, so that list never scans documents. */
export interface ClientIssuersTable {
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

export interface RevokedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

export interface Database {
  companies: CompaniesTable;
  clients: ClientsTable;
  documents: DocumentsTable;
  client_issuers: ClientIssuersTable;
  blobs: BlobsTable;
  revoked_tokens: RevokedTokensTable;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type ClientRow = Selectable<ClientsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type DocumentUpdate = Updateable<DocumentsTable>;
