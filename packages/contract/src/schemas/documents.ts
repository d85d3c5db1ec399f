import { z } from 'zod';
import { API_MESSAGES } from '../messages.js';
import { VERDICTS } from '../verdict.js';
import {
  CorrelativoInputSchema,
  DatabaseIdSchema,
  DateInputSchema,
  DocumentTypeSchema,
  IsoDateSchema,
  RucSchema,
  SeriesSchema,
  optionalFilter,
} from './common.js';
import { CurrencyTotalSchema } from './money.js';
import {
  ESTADO_CP_CODES,
  VALIDITY_WARNINGS,
  ValidezFilterSchema,
  ValiditySchema,
} from './sunat-validity.js';
import { WithholdingDetailSchema } from './withholdings.js';

export const SIGNATURE_STATUSES = ['valida', 'invalida', 'ausente'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/** The XML's digital signature, checked against the certificate embedded in it. */
export const FirmaSchema = z
  .object({
    estado: z.enum(SIGNATURE_STATUSES).meta({
      description:
        'valida: digests and signature verify; invalida: altered after signing or broken; ausente: unsigned',
    }),
    firmante: z.string().nullable().meta({ description: "Certificate subject's common name" }),
    ruc: z.string().nullable().meta({ description: "RUC in the certificate's subject" }),
    vigencia_desde: z.string().nullable().meta({ description: 'Certificate valid from (ISO)' }),
    vigencia_hasta: z.string().nullable().meta({ description: 'Certificate valid to (ISO)' }),
    emitido_en_vigencia: z
      .boolean()
      .nullable()
      .meta({ description: "The issue date falls inside the certificate's validity" }),
  })
  .meta({ id: 'Firma' });
export type Firma = z.infer<typeof FirmaSchema>;

export const SUNAT_STATUSES = ['aceptado', 'observado', 'sin_cdr', 'anulado'] as const;
export type SunatStatus = (typeof SUNAT_STATUSES)[number];

/** How a document came in: published by its issuer, or added by its receiver (upload, mail). */
export const DOCUMENT_ORIGINS = ['emisor', 'carga', 'correo'] as const;
export type DocumentOriginCode = (typeof DOCUMENT_ORIGINS)[number];

/** Each origin in the words lists, the detail and exports use. */
export const ORIGIN_WORDS: Readonly<Record<DocumentOriginCode, string>> = {
  emisor: 'Publicado por el emisor',
  carga: 'Cargado por usted',
  correo: 'Recibido por correo',
};

/** A document as lists and `info` show it. */
export const DocumentSchema = z
  .object({
    id: z.number().int().meta({ description: 'The document in SUFEL', example: 1024 }),
    emisor: z.string().meta({ description: 'Issuer RUC', example: '20606433094' }),
    emisor_nombre: z
      .string()
      .meta({ description: "Issuer's legal name", example: 'MI EMPRESA S.A.C.' }),
    tipo: z.string().meta({
      description: 'Document type, SUNAT catalogue 01 (01 factura, 03 boleta, 07 and 08 notes)',
      example: '01',
    }),
    serie: z.string().meta({ description: 'Series', example: 'F001' }),
    correlativo: z.string().meta({ description: 'Number without leading zeros', example: '123' }),
    correlativo_impreso: z.string().optional().meta({
      description: 'Number as the issuer printed it, leading zeros kept',
      example: '00000123',
    }),
    fecha: IsoDateSchema,
    total: z.number().meta({ description: 'Amount payable, as declared', example: 1180 }),
    moneda: z.string().meta({ description: 'Currency, ISO 4217', example: 'PEN' }),
    cliente_tipo: z
      .string()
      .meta({ description: 'Customer document type, SUNAT catalogue 06 (6: RUC)', example: '6' }),
    cliente_doc: z
      .string()
      .meta({ description: "Customer's document number", example: '20415932376' }),
    cliente_nombre: z
      .string()
      .meta({ description: "Customer's name", example: 'CLIENTE EJEMPLO S.A.' }),
    baja: z.boolean().meta({ description: 'Voided by the issuer' }),
    cdr: z.boolean().meta({ description: "SUNAT's answer (CDR) is available" }),
    estado_sunat: z.enum(SUNAT_STATUSES).meta({
      description:
        'anulado: voided by the issuer; else from the CDR response code (sin_cdr without one). Kept for existing clients: `estado` is the verdict to show',
    }),
    firma: FirmaSchema.nullable().meta({ description: 'null until the signature is checked' }),
    estado: z.enum(VERDICTS).meta({
      description:
        'The verdict, most serious first: xml_alterado (invalid signature), anulado (voided in SUFEL or at SUNAT), rechazado, cdr_de_otro (the CDR answers for another document), observado, aceptado, sin_cdr',
    }),
    origen: z.enum(DOCUMENT_ORIGINS).meta({
      description:
        'emisor: published by its issuer; carga: uploaded by the receiver; correo: received by mail at its inbound address',
    }),
    copia_distinta: z.boolean().optional().meta({
      description:
        'Receivers: another copy of this document was added later and its bytes differ (the one shown is kept)',
    }),
    validez: z.enum(ESTADO_CP_CODES).nullable().optional().meta({
      description:
        "Receivers: SUNAT's estadoCp from the latest check (consulta integrada); null until checked",
    }),
    avisos_sunat: z.array(z.enum(VALIDITY_WARNINGS)).optional().meta({
      description: "Receivers: what SUNAT's latest answer warns of (anulado, no_existe…)",
    }),
    forma_pago: z.enum(['Contado', 'Credito']).nullable().optional().meta({
      description: 'As declared; null when the document states none (or before it was read)',
    }),
    cuotas: z.number().int().optional().meta({ description: 'Instalments declared' }),
    detraccion: z.boolean().optional().meta({
      description: 'Subject to detracción, by its data or only by a legend',
    }),
    detraccion_monto: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Detracción to deposit, in soles, as declared', example: '141.60' }),
    percepcion_monto: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Percepción charged, as declared' }),
    retencion_monto: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'IGV retention declared on the invoice (charge code 62)' }),
  })
  .meta({ id: 'Document' });
export type DocumentDto = z.infer<typeof DocumentSchema>;

export const DocumentListSchema = z.array(DocumentSchema);

/** An invoice's XML, shortened, in base64: what an integrator sends in `xml`. */
const PUBLISH_XML_EXAMPLE =
  'PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPEludm9pY2UgeG1sbnM9InVybjpvYXNpczpuYW1lczpzcGVjaWZpY2F0aW9uOnVibDpzY2hlbWE6eHNkOkludm9pY2UtMiIgeG1sbnM6Y2JjPSJ1cm46b2FzaXM6bmFtZXM6c3BlY2lmaWNhdGlvbjp1Ymw6c2NoZW1hOnhzZDpDb21tb25CYXNpY0NvbXBvbmVudHMtMiI+CiAgPGNiYzpJRD5GMDAxLTEyMzwvY2JjOklEPgo8L0ludm9pY2U+Cg==';

/** Files of one document, base64. */
export const PublishRequestSchema = z
  .object({
    xml: z.string({ message: 'Envíe el XML en base64.' }).min(1, 'Envíe el XML en base64.').meta({
      description: 'The signed UBL XML in base64 (`base64 -w0 F001-123.xml`)',
      example: PUBLISH_XML_EXAMPLE,
    }),
    pdf: z
      .string()
      .nullish()
      .transform((value) => value ?? '')
      .meta({
        description: 'PDF in base64; empty or absent to have SUFEL print one',
        example: 'JVBERi0xLjQK',
      }),
    cdr: z
      .string()
      .nullish()
      .transform((value) => value ?? '')
      .meta({ description: "SUNAT's answer (ZIP or XML) in base64; optional", example: '' }),
  })
  .meta({ id: 'FilesDocument' });
export type PublishRequest = z.input<typeof PublishRequestSchema>;

const LINK_EXAMPLE = 'https://comprobantes.example.pe/file/MTAyNC4xNzMyNjY1NjAw.c2lnbmF0dXJl';

export const PublishResponseSchema = z
  .object({
    xml: z.string().meta({
      description: 'Signed download link of the XML, valid 24 h',
      example: `${LINK_EXAMPLE}/xml`,
    }),
    pdf: z.string().meta({
      description: 'Signed download link of the PDF, valid 24 h',
      example: `${LINK_EXAMPLE}/pdf`,
    }),
    cdr: z
      .string()
      .optional()
      .meta({
        description: "Signed download link of SUNAT's CDR, valid 24 h; only when one was sent",
        example: `${LINK_EXAMPLE}/cdr`,
      }),
    id: z.number().int().meta({ description: 'The document in SUFEL', example: 1024 }),
    nuevo: z.boolean().meta({ description: 'false when the document was already published' }),
    firma: z
      .enum(SIGNATURE_STATUSES)
      .nullable()
      .meta({ description: 'Outcome of the signature check; null when it is turned off' }),
    aviso: z.string().optional().meta({
      description: 'Published, with a warning (Spanish): e.g. an invalid signature',
      example: API_MESSAGES.invalidSignature,
    }),
  })
  .meta({ id: 'PublishedLinks' });
export type PublishResponse = z.infer<typeof PublishResponseSchema>;

export const PUBLISH_BATCH_MAX = 100;

/** Many documents in one request: each is published (or refused) on its own. */
export const PublishBatchRequestSchema = z
  .object({
    documents: z
      .array(PublishRequestSchema)
      .meta({
        description: `Up to ${PUBLISH_BATCH_MAX} documents, each as a single publish takes it`,
      })
      .min(1, 'Envíe al menos un comprobante.')
      .max(PUBLISH_BATCH_MAX, `Envíe como máximo ${PUBLISH_BATCH_MAX} comprobantes por lote.`),
  })
  .meta({ id: 'PublishBatch' });
export type PublishBatchRequest = z.input<typeof PublishBatchRequestSchema>;

export const PublishBatchResultSchema = z.union([
  PublishResponseSchema.extend({
    status: z.literal(200).meta({ description: 'Published (or already published)' }),
  }),
  z.object({
    status: z
      .number()
      .int()
      .meta({ description: 'What a single publish would have answered', example: 409 }),
    message: z.string().meta({
      description: 'Why this document was refused, in Spanish',
      example: API_MESSAGES.publishConflict,
    }),
  }),
]);
export type PublishBatchResult = z.infer<typeof PublishBatchResultSchema>;

export const PublishBatchResponseSchema = z
  .object({
    results: z
      .array(PublishBatchResultSchema)
      .meta({ description: 'One result per document, in the order sent' }),
  })
  .meta({ id: 'PublishBatchResults' });
export type PublishBatchResponse = z.infer<typeof PublishBatchResponseSchema>;

export const VoidRequestSchema = z
  .object({
    tipo: DocumentTypeSchema,
    serie: SeriesSchema,
    correlativo: CorrelativoInputSchema,
  })
  .meta({ id: 'DocumentInfo' });
export type VoidRequest = z.input<typeof VoidRequestSchema>;

export const DateRangeQuerySchema = z.object({
  start: DateInputSchema,
  end: DateInputSchema,
});
export type DateRangeQuery = z.input<typeof DateRangeQuerySchema>;

export const DETRACCION_FILTERS = ['1', '0'] as const;
export const FORMA_PAGO_FILTERS = ['credito', 'contado'] as const;
export type FormaPagoFilter = (typeof FORMA_PAGO_FILTERS)[number];

const filterFields = {
  emisor: optionalFilter(RucSchema),
  tipoDoc: optionalFilter(DocumentTypeSchema),
  serie: optionalFilter(SeriesSchema),
  correlativo: optionalFilter(CorrelativoInputSchema),
  validez: optionalFilter(ValidezFilterSchema),
  detraccion: optionalFilter(
    z.enum(DETRACCION_FILTERS, { message: 'Use detraccion=1 (sujetos a detracción) o 0.' }),
  ).meta({ description: '1: subject to detracción (by its data or only a legend); 0: not' }),
  formaPago: optionalFilter(
    z.enum(FORMA_PAGO_FILTERS, { message: 'Forma de pago desconocida: use credito o contado.' }),
  ).meta({ description: 'Payment form the document declares' }),
  origen: optionalFilter(
    z.enum(DOCUMENT_ORIGINS, { message: 'Origen desconocido: use emisor, carga o correo.' }),
  ).meta({ description: 'How the document came in' }),
};

/** Legacy list of a receiver's documents (all matches at once). */
export const ClientDocumentsFilterSchema = z
  .object({ start: DateInputSchema, end: DateInputSchema, ...filterFields })
  .meta({ id: 'DocumentFilter' });
export type ClientDocumentsFilter = z.input<typeof ClientDocumentsFilterSchema>;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;
/** fecha: date; emisor: issuer name; tipo: type then date; numero: series then number. */
export const SORT_FIELDS = ['fecha', 'total', 'emisor', 'tipo', 'numero'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Paged list of a receiver's documents, by key (stable at any depth). */
export const ClientDocumentsPageQuerySchema = z.object({
  start: optionalFilter(DateInputSchema),
  end: optionalFilter(DateInputSchema),
  ...filterFields,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX)
    .default(PAGE_SIZE_DEFAULT)
    .meta({ description: `Page size, 1–${PAGE_SIZE_MAX}` }),
  cursor: optionalFilter(z.string().max(1000)).meta({
    description: '`nextCursor` of the previous page',
  }),
  sort: z.enum(SORT_FIELDS).default('fecha'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type ClientDocumentsPageQuery = z.input<typeof ClientDocumentsPageQuerySchema>;

/** A page counts the matching documents up to here, then says "more than" it. */
export const PAGE_COUNT_CAP = 10_000;

export const DocumentPageSchema = z
  .object({
    items: z.array(DocumentSchema),
    nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
    total: z
      .number()
      .int()
      .meta({
        description: `Documents matching the filter, on every page; at most ${PAGE_COUNT_CAP} (see totalCapped)`,
      }),
    totalCapped: z.boolean().meta({
      description: `true when more than ${PAGE_COUNT_CAP} documents match: total is then ${PAGE_COUNT_CAP}`,
    }),
  })
  .meta({ id: 'DocumentPage' });
export type DocumentPage = z.infer<typeof DocumentPageSchema>;

export const LatestDocumentSchema = z
  .object({
    fecha: z
      .string()
      .nullable()
      .meta({ description: "Date of the receiver's most recent document; null without any" }),
  })
  .meta({ id: 'LatestDocument' });
export type LatestDocument = z.infer<typeof LatestDocumentSchema>;

export const EXPORT_FORMATS = ['zip', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/**
 * Largest ZIP export, which carries every document's files: beyond it the
 * receiver narrows the dates. The purchase lists have no such limit.
 */
export const EXPORT_MAX_DOCUMENTS = 10_000;
/** A worksheet's rows, less the header: Excel opens no more. */
export const XLSX_MAX_DOCUMENTS = 1_048_575;
/** The most documents each format holds; null: any number. */
export const EXPORT_FORMAT_LIMITS: Readonly<Record<ExportFormat, number | null>> = {
  zip: EXPORT_MAX_DOCUMENTS,
  xlsx: XLSX_MAX_DOCUMENTS,
  csv: null,
};

/** The filter of the paged list, without paging: what an export holds. */
export const ClientExportFilterSchema = z.object({
  start: optionalFilter(DateInputSchema),
  end: optionalFilter(DateInputSchema),
  ...filterFields,
});
export type ClientExportFilter = z.input<typeof ClientExportFilterSchema>;

/** Most documents a selection may download together. */
export const SELECTION_MAX = 100;

const SELECTION_MESSAGE = `Seleccione como máximo ${SELECTION_MAX} comprobantes para descargarlos juntos.`;
const INVALID_IDS = 'Identificador inválido.';
const IDS_MESSAGE = 'Indique los comprobantes como números separados por comas: ids=12,15,30.';

/** `ids=12,15,30`: chosen documents, each an id, at most SELECTION_MAX of them. */
const SelectedIdsSchema = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, IDS_MESSAGE)
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(
    z
      .array(z.number().int().min(1, INVALID_IDS).max(2_147_483_647, INVALID_IDS))
      .max(SELECTION_MAX, SELECTION_MESSAGE),
  );

export const ClientExportQuerySchema = ClientExportFilterSchema.extend({
  ids: optionalFilter(SelectedIdsSchema).meta({
    description: `Only these documents (ids separated by commas, at most ${SELECTION_MAX}), within the other filters`,
    example: '1024,1031',
  }),
  format: z
    .enum(EXPORT_FORMATS, { message: 'Formato de exportación desconocido: use zip, csv o xlsx.' })
    .meta({ description: 'zip: XML, PDF and CDR files; csv, xlsx: the purchase list' }),
});
export type ClientExportQuery = z.input<typeof ClientExportQuerySchema>;

export const ExportCountSchema = z
  .object({
    count: z.number().int().meta({ description: 'Documents the export would hold' }),
    limit: z.number().int().meta({ description: 'Most documents a ZIP export may hold' }),
    limits: z
      .object({
        zip: z.number().int(),
        xlsx: z.number().int(),
        csv: z.null(),
      })
      .meta({
        description:
          'Most documents each format may hold: a ZIP carries every file, a worksheet has a row limit, CSV has none (null)',
      }),
  })
  .meta({ id: 'ExportCount' });
export type ExportCount = z.infer<typeof ExportCountSchema>;

/** How long a ZIP built in the background can be downloaded. */
export const BACKGROUND_EXPORT_HOURS = 24;
export const BACKGROUND_EXPORT_STATES = ['preparando', 'listo', 'fallido'] as const;
export type BackgroundExportState = (typeof BACKGROUND_EXPORT_STATES)[number];

export const BackgroundExportSchema = z
  .object({
    id: z.number().int(),
    archivo: z.string().meta({ example: 'comprobantes-20415932376-2024-11.zip' }),
    estado: z.enum(BACKGROUND_EXPORT_STATES).meta({
      description:
        'preparando: being built; listo: can be downloaded until `vence`; fallido: see `motivo`',
    }),
    comprobantes: z.number().int().meta({ description: 'Documents the ZIP holds' }),
    hechos: z.number().int().meta({ description: 'Documents already put in' }),
    tamano: z.number().int().meta({ description: 'Bytes written so far' }),
    creado: z.string().meta({
      description: 'When it was asked for (ISO 8601)',
      example: '2024-12-01T15:00:00.000Z',
    }),
    vence: z.string().nullable().meta({
      description: 'Until when it can be downloaded (ISO 8601); null while preparing',
      example: '2024-12-02T15:20:00.000Z',
    }),
    motivo: z.string().nullable().meta({ description: 'Why it failed, in Spanish', example: null }),
  })
  .meta({ id: 'BackgroundExport' });
export type BackgroundExport = z.infer<typeof BackgroundExportSchema>;

export const BackgroundExportListSchema = z
  .object({
    items: z.array(BackgroundExportSchema).meta({ description: 'The latest 20, newest first' }),
  })
  .meta({ id: 'BackgroundExports' });
export type BackgroundExportList = z.infer<typeof BackgroundExportListSchema>;

export const BackgroundExportParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** One currency's part of a filter: its documents that count and what they add up to. */
const CurrencyDocumentsSchema = CurrencyTotalSchema.extend({
  monto: z.string().meta({
    description:
      'Sum of their totals as decimal text; credit notes (07) subtract, voided documents are left out',
    example: '45300.00',
  }),
  comprobantes: z
    .number()
    .int()
    .meta({ description: 'Documents in this currency that count (not voided)', example: 126 }),
});

/** What a filter holds as a whole, every page together. */
export const DocumentTotalsSchema = z
  .object({
    comprobantes: z.number().int().meta({
      description: 'Every document matching the filter, voided ones included',
      example: 128,
    }),
    anulados: z
      .number()
      .int()
      .meta({ description: 'Voided documents among them, left out of the sums', example: 2 }),
    monedas: z
      .array(CurrencyDocumentsSchema)
      .meta({ description: 'One entry per currency, PEN first, then by code' }),
  })
  .meta({ id: 'DocumentTotals' });
export type DocumentTotals = z.infer<typeof DocumentTotalsSchema>;

export const RESOURCE_TYPES = ['info', 'detail', 'xml', 'pdf', 'cdr'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const FILE_TYPES = ['xml', 'pdf', 'cdr'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const ResourceParamsSchema = z.object({ type: z.enum(RESOURCE_TYPES) });
export const ClientResourceParamsSchema = z.object({
  id: DatabaseIdSchema,
  type: z.enum(RESOURCE_TYPES),
});
export const SignedFileParamsSchema = z.object({
  hash: z.string().min(1).max(1000),
  type: z.enum(FILE_TYPES),
});

const Amount = z.string().meta({ description: 'Decimal as text', example: '1180.00' });

/** The declared factor (MultiplierFactorNumeric, "0.02") as a percentage, converted exactly. */
const PercentOfFactor = z.string().nullable().meta({
  description: 'The declared factor as a percentage (0.02 is "2.00"), never recomputed',
  example: '2.00',
});

/** What a receiver wants to see of a document, read from its UBL. */
export const DocumentDetailSchema = z
  .object({
    ublVersion: z.string(),
    issuer: z.object({
      ruc: z.string(),
      name: z.string(),
      tradeName: z.string().nullable(),
      address: z.string().nullable(),
    }),
    customer: z.object({
      documentType: z.string(),
      documentNumber: z.string(),
      name: z.string(),
      address: z.string().nullable(),
    }),
    issueDate: IsoDateSchema,
    issueTime: z.string().nullable(),
    dueDate: IsoDateSchema.nullable(),
    currency: z.string(),
    lines: z.array(
      z.object({
        id: z.string(),
        code: z.string().nullable(),
        description: z.string(),
        quantity: z.string(),
        unitCode: z.string(),
        unitValue: Amount.meta({ description: 'Unit value before taxes' }),
        unitPrice: Amount.nullable().meta({ description: 'Unit price including taxes' }),
        lineTotal: Amount.meta({ description: 'Line value before taxes' }),
        taxAmount: Amount,
        taxExemptionCode: z
          .string()
          .nullable()
          .meta({ description: 'IGV affectation, SUNAT catalogue 07' }),
        free: z.boolean(),
      }),
    ),
    taxes: z.array(
      z.object({
        code: z.string().meta({ description: 'SUNAT catalogue 05 (1000 IGV, 2000 ISC, …)' }),
        name: z.string().meta({ example: 'IGV' }),
        taxableAmount: Amount.nullable(),
        amount: Amount,
      }),
    ),
    totals: z.object({
      lineExtension: Amount.nullable(),
      taxExclusive: Amount.nullable(),
      taxInclusive: Amount.nullable(),
      allowance: Amount.nullable(),
      charge: Amount.nullable(),
      prepaid: Amount.nullable(),
      tax: Amount.nullable(),
      payable: Amount,
    }),
    notes: z.array(z.object({ code: z.string().nullable(), text: z.string() })),
    payment: z
      .object({
        method: z.enum(['Contado', 'Credito']).nullable(),
        pendingAmount: Amount.nullable(),
        installments: z.array(
          z.object({ id: z.string(), amount: Amount, dueDate: IsoDateSchema.nullable() }),
        ),
        detraction: z
          .object({
            code: z
              .string()
              .nullable()
              .meta({ description: 'SUNAT catalogue 54 (goods or service)' }),
            percent: z.string().nullable().meta({ description: 'As declared', example: '12.00' }),
            amount: Amount.nullable().meta({ description: 'To deposit, in soles' }),
            account: z
              .string()
              .nullable()
              .meta({ description: "The supplier's Banco de la Nación account" }),
            legendOnly: z.boolean().default(false).meta({
              description:
                'Only a legend or a note says the operation is subject to detraction: nothing else was declared',
            }),
          })
          .nullable(),
        perception: z
          .object({
            code: z
              .string()
              .nullable()
              .meta({ description: 'SUNAT catalogue 53: 51, 52 or 53', example: '51' }),
            percent: PercentOfFactor,
            amount: Amount.nullable(),
            base: Amount.nullable(),
            currency: z.string().nullable(),
          })
          .nullable()
          .default(null)
          .meta({ description: 'Percepción charged on the sale, as the issuer declared it' }),
        retention: z
          .object({
            percent: PercentOfFactor,
            amount: Amount.nullable(),
            base: Amount.nullable(),
            currency: z.string().nullable(),
          })
          .nullable()
          .default(null)
          .meta({ description: 'IGV retention the issuer declared (charge code 62)' }),
      })
      .nullable(),
    reference: z
      .object({
        type: z.string().nullable(),
        documentNumber: z.string(),
        reasonCode: z.string().nullable(),
        reason: z.string().nullable(),
      })
      .nullable()
      .meta({ description: 'The document a credit/debit note modifies' }),
    signature: z.object({ present: z.boolean(), digestValue: z.string().nullable() }),
    firma: FirmaSchema.nullable().meta({ description: 'null until the signature is checked' }),
    sunat: z
      .object({
        code: z.string(),
        description: z.string(),
        observations: z.array(z.string()),
      })
      .nullable()
      .meta({ description: 'From the CDR, when the issuer sent it' }),
    validity: ValiditySchema.nullable()
      .default(null)
      .meta({ description: "SUNAT's state now (consulta integrada), from the latest check" }),
    withholding: WithholdingDetailSchema.nullable().default(null).meta({
      description:
        'A retention (20) or perception (40) receipt: what was withheld on which documents. Such a receipt has no lines nor taxes; its payable total is what was withheld',
    }),
  })
  .meta({ id: 'DocumentDetail' });
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;
