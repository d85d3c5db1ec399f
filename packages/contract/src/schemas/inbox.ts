import { z } from 'zod';
import { optionalFilter } from './common.js';

/** What became of one attachment of a received mail. */
export const INBOX_ATTACHMENT_STATES = ['agregado', 'duplicado', 'rechazado', 'omitido'] as const;
export type InboxAttachmentState = (typeof INBOX_ATTACHMENT_STATES)[number];

/** Where a received mail stands. */
export const INBOX_MAIL_STATES = ['pendiente', 'procesado', 'repetido', 'fallido'] as const;
export type InboxMailState = (typeof INBOX_MAIL_STATES)[number];

export const InboxAttachmentSchema = z
  .object({
    archivo: z.string().meta({ example: 'F001-123.xml' }),
    estado: z.enum(INBOX_ATTACHMENT_STATES).meta({
      description:
        'agregado: stored as a received document; duplicado: already held; rechazado: not a valid document for this account (see motivo); omitido: neither XML nor ZIP, not read',
    }),
    motivo: z.string().nullable().meta({ description: 'Why, in Spanish, when not agregado' }),
  })
  .meta({ id: 'InboxAttachment' });
export type InboxAttachment = z.infer<typeof InboxAttachmentSchema>;

export const InboxMailSchema = z
  .object({
    id: z.number().int(),
    de: z.string().meta({
      description: 'Sender, as the From header gives it',
      example: 'Facturación <facturas@proveedor.pe>',
    }),
    asunto: z.string().meta({ example: 'Factura F001-123' }),
    recibido: z.iso.datetime({ offset: true }).meta({ description: 'When SUFEL received it' }),
    estado: z.enum(INBOX_MAIL_STATES).meta({
      description:
        'pendiente: stored, its attachments not read yet; procesado: every attachment has its outcome; repetido: the same mail arrived before and was not read again; fallido: it could not be read (see motivo)',
    }),
    motivo: z.string().nullable().meta({ description: 'What happened to the mail as a whole' }),
    adjuntos: z.array(InboxAttachmentSchema),
  })
  .meta({ id: 'InboxMail' });
export type InboxMail = z.infer<typeof InboxMailSchema>;

export const INBOX_PAGE_SIZE_DEFAULT = 20;
export const INBOX_PAGE_SIZE_MAX = 100;

export const InboxQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit debe ser un número.' })
    .int('limit debe ser un número entero.')
    .min(1, `limit debe estar entre 1 y ${INBOX_PAGE_SIZE_MAX}.`)
    .max(INBOX_PAGE_SIZE_MAX, `limit debe estar entre 1 y ${INBOX_PAGE_SIZE_MAX}.`)
    .default(INBOX_PAGE_SIZE_DEFAULT),
  cursor: optionalFilter(
    z
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'El cursor no es válido; use nextCursor de la página anterior.'),
  ).meta({ description: '`nextCursor` of the previous page' }),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

export const InboxSchema = z
  .object({
    direccion: z.string().nullable().meta({
      description:
        "The account's own address for mailing documents to SUFEL; null while this portal receives no mail",
    }),
    correos: z.array(InboxMailSchema).meta({ description: 'Newest first' }),
    nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
  })
  .meta({ id: 'Inbox' });
export type Inbox = z.infer<typeof InboxSchema>;
