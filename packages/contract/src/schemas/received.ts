import { z } from 'zod';
import { API_MESSAGES, formatMessage } from '../messages.js';
import { DatabaseIdSchema } from './common.js';

const MIB = 1024 * 1024;

/** The most files one upload may carry. */
export const RECEIVED_MAX_FILES = 500;
/** An XML file, as at publish. */
export const RECEIVED_XML_MAX_BYTES = 10 * MIB;
/** A ZIP file as sent (its content is held to 50 MiB uncompressed too). */
export const RECEIVED_ZIP_MAX_BYTES = 50 * MIB;
/** The whole upload. */
export const RECEIVED_UPLOAD_MAX_BYTES = 200 * MIB;

export const RECEIVED_MESSAGES = {
  filesMissing: API_MESSAGES.receivedFilesMissing,
  tooManyFiles: formatMessage(API_MESSAGES.receivedTooManyFiles, { max: RECEIVED_MAX_FILES }),
  tooLarge: formatMessage(API_MESSAGES.receivedTooLarge, {
    limit: RECEIVED_UPLOAD_MAX_BYTES / MIB,
  }),
  xmlTooLarge: formatMessage(API_MESSAGES.receivedXmlTooLarge, {
    limit: RECEIVED_XML_MAX_BYTES / MIB,
  }),
  zipTooLarge: formatMessage(API_MESSAGES.receivedZipTooLarge, {
    limit: RECEIVED_ZIP_MAX_BYTES / MIB,
  }),
  notHeld: API_MESSAGES.receivedNotHeld,
  published: API_MESSAGES.receivedPublished,
  removed: 'Comprobante quitado de su archivo.',
} as const;

export const RECEIVED_STATES = ['agregado', 'duplicado', 'rechazado'] as const;
export type ReceivedState = (typeof RECEIVED_STATES)[number];

export const ReceivedItemSchema = z
  .object({
    archivo: z.string().meta({
      description: 'The file, or `zip/entry` for a file inside a ZIP',
      example: 'noviembre.zip/F001-123.xml',
    }),
    estado: z.enum(RECEIVED_STATES).meta({
      description:
        'agregado: stored as the account’s own copy; duplicado: already held (published by its issuer, or added before); rechazado: not stored (see motivo)',
    }),
    motivo: z
      .string()
      .nullable()
      .meta({ description: 'Why, in Spanish, when not agregado (or a note on what was added)' }),
    id: z.number().int().optional().meta({ description: 'The document stored or already held' }),
  })
  .meta({ id: 'ReceivedItem' });
export type ReceivedItem = z.infer<typeof ReceivedItemSchema>;

export const ReceivedUploadSchema = z
  .object({ items: z.array(ReceivedItemSchema) })
  .meta({ id: 'ReceivedUpload' });
export type ReceivedUpload = z.infer<typeof ReceivedUploadSchema>;

export const ReceivedDocumentParamsSchema = z.object({
  id: DatabaseIdSchema.meta({ description: 'The document, as listed', example: 4711 }),
});
