import {
  AddClientEmailRequestSchema,
  API_MESSAGES,
  ChangePasswordRequestSchema,
  ClientDocumentsPageQuerySchema,
  ClientIssuerAddRequestSchema,
  ClientLoginRequestSchema,
  ClientRegisterRequestSchema,
  ConfirmEmailRequestSchema,
  DocumentAuthRequestSchema,
  documentFileName,
  DocumentPageSchema,
  DocumentTotalsSchema,
  PasswordResetConfirmSchema,
  PasswordResetLinkRequestSchema,
  PasswordResetRequestSchema,
  RECEIVED_MESSAGES,
  TokenResponseSchema,
  type ClientEmail,
  type DocumentDto,
  type DocumentProof,
  type ReceiverAccess,
  type SortField,
} from '@sufel/contract';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ZodType } from 'zod';
import {
  CLIENT_PASSWORD,
  CLIENT_RUC,
  clientDocuments,
  companies,
  dollarBoleta,
  factura,
  facturaDetail,
  unverifiedAccess,
  voidedCreditNote,
} from '../fixtures';

export const FILE_TYPES = {
  xml: 'text/xml',
  pdf: 'application/pdf',
  cdr: 'application/zip',
} as const;

/** A session token answer, valid five hours. */
export function tokenResponse() {
  return TokenResponseSchema.parse({
    token: 'opaque-token',
    expire: Math.floor(Date.now() / 1000) + 5 * 3600,
  });
}

function message(text: string, status: number) {
  return HttpResponse.json({ message: text }, { status });
}

/** Validates a request body the way the server does, answering 400 with the first message. */
async function readBody<T>(request: Request, schema: ZodType<T>): Promise<T | Response> {
  const result = schema.safeParse(await request.json());
  if (result.success) return result.data;
  return message(result.error.issues[0]?.message ?? 'Solicitud inválida', 400);
}

export function fileResponse(doc: DocumentDto, type: keyof typeof FILE_TYPES) {
  return new HttpResponse(`${documentFileName(doc, type)} contents`, {
    headers: { 'content-type': FILE_TYPES[type] },
  });
}

function isFileType(type: string | readonly string[] | undefined): type is keyof typeof FILE_TYPES {
  return typeof type === 'string' && type in FILE_TYPES;
}

function resource(doc: DocumentDto, type: string | readonly string[] | undefined) {
  if (type === 'info') return HttpResponse.json(doc as JsonBodyType);
  if (type === 'detail') return HttpResponse.json(facturaDetail as JsonBodyType);
  if (isFileType(type)) return fileResponse(doc, type);
  return message('Recurso no encontrado', 404);
}

const sortOrder: Record<SortField, (a: DocumentDto, b: DocumentDto) => number> = {
  fecha: (a, b) => a.fecha.localeCompare(b.fecha),
  total: (a, b) => a.total - b.total,
  emisor: (a, b) => a.emisor_nombre.localeCompare(b.emisor_nombre),
  tipo: (a, b) => a.tipo.localeCompare(b.tipo),
  numero: (a, b) => a.serie.localeCompare(b.serie) || Number(a.correlativo) - Number(b.correlativo),
};

/** The page a client asks for, filtered and sorted as the server would; cursors are offsets. */
export function documentsPage(url: URL) {
  const query = ClientDocumentsPageQuerySchema.parse(Object.fromEntries(url.searchParams));
  const rows = clientDocuments
    .filter((doc) => (query.start ? doc.fecha >= query.start : true))
    .filter((doc) => (query.end ? doc.fecha <= query.end : true))
    .filter((doc) => (query.emisor ? doc.emisor === query.emisor : true))
    .filter((doc) => (query.tipoDoc ? doc.tipo === query.tipoDoc : true))
    .filter((doc) => (query.serie ? doc.serie === query.serie.toUpperCase() : true))
    .filter((doc) => (query.correlativo ? doc.correlativo === query.correlativo : true))
    .sort((a, b) => {
      const order = sortOrder[query.sort](a, b);
      return (query.dir === 'asc' ? order : -order) || a.id - b.id;
    });
  const offset = query.cursor ? Number(query.cursor.replace('offset-', '')) : 0;
  const items = rows.slice(offset, offset + query.limit);
  const next = offset + query.limit;
  return DocumentPageSchema.parse({
    items,
    nextCursor: next < rows.length ? `offset-${next}` : null,
    total: rows.length,
    totalCapped: false,
  });
}

/** The totals of a filter as the server adds them: voided left out, credit notes subtracting. */
export function documentsTotals(url: URL) {
  const everything = new URL(url);
  everything.searchParams.set('limit', '500');
  const rows = documentsPage(everything).items;
  const currencies = new Map<string, { monto: number; comprobantes: number }>();
  for (const doc of rows.filter((row) => !row.baja)) {
    const sum = currencies.get(doc.moneda) ?? { monto: 0, comprobantes: 0 };
    sum.monto += doc.tipo === '07' ? -doc.total : doc.total;
    sum.comprobantes += 1;
    currencies.set(doc.moneda, sum);
  }
  return DocumentTotalsSchema.parse({
    comprobantes: rows.length,
    anulados: rows.filter((row) => row.baja).length,
    monedas: [...currencies]
      .sort(([a], [b]) => Number(b === 'PEN') - Number(a === 'PEN') || a.localeCompare(b))
      .map(([moneda, sum]) => ({
        moneda,
        monto: sum.monto.toFixed(2),
        comprobantes: sum.comprobantes,
      })),
  });
}

/** A reset link's token for the account of CLIENT_RUC (its claims name the RUC). */
export const RESET_TOKEN = `e30.${btoa(JSON.stringify({ sub: CLIENT_RUC })).replace(/=+$/, '')}.sig`;
export const CONFIRMATION_TOKEN = 'confirmation-token';

/** The receiver's addresses, as the server keeps them; tests start from these two. */
export const clientEmails: ClientEmail[] = [];
export function resetClientEmails(): void {
  clientEmails.splice(
    0,
    clientEmails.length,
    { id: 1, address: 'facturas@cocacola.pe', confirmed: true, language: 'es' },
    { id: 2, address: 'contabilidad@cocacola.pe', confirmed: false, language: 'es' },
  );
}
resetClientEmails();

/** Whether a consultation's or a proof's data are those printed on `doc`. */
function proves(doc: DocumentDto, proof: DocumentProof): boolean {
  const [serie, numero] = proof.documento.toUpperCase().split('-');
  return (
    proof.emisor === doc.emisor &&
    proof.tipo === doc.tipo &&
    serie === doc.serie &&
    String(Number(numero)) === doc.correlativo &&
    proof.fecha === doc.fecha &&
    proof.total === doc.total.toFixed(2)
  );
}

/** CLIENT_RUC's access as the server keeps it; each test starts from the unverified one. */
let clientAccess: ReceiverAccess = unverifiedAccess();
export function resetClientAccess(access: ReceiverAccess = unverifiedAccess()): void {
  clientAccess = access;
}

/** "Agregar emisor" as the server answers it, for the documents the fixtures know. */
function addIssuer(proof: DocumentProof) {
  const doc = [factura, voidedCreditNote, dollarBoleta].find((known) => proves(known, proof));
  if (doc === undefined) return message(API_MESSAGES.proofRejected, 400);
  const open =
    clientAccess.verificado || clientAccess.emisores.some((issuer) => issuer.ruc === doc.emisor);
  if (!open) {
    const granted = {
      ruc: doc.emisor,
      nombre: doc.emisor_nombre,
      prueba: 'document' as const,
      desde: new Date().toISOString(),
    };
    clientAccess = { ...clientAccess, emisores: [...clientAccess.emisores, granted] };
  }
  return HttpResponse.json({
    message: open ? API_MESSAGES.issuerAlreadyOpen : API_MESSAGES.issuerAdded,
    acceso: clientAccess,
  });
}

export const handlers = [
  http.post('/api/document/auth', async ({ request }) => {
    const body = await readBody(request, DocumentAuthRequestSchema);
    if (body instanceof Response) return body;
    return proves(factura, body)
      ? HttpResponse.json(tokenResponse())
      : message('documento no encontrado', 404);
  }),
  http.get('/api/document/resource/:type', ({ params }) => resource(factura, params.type)),
  http.post('/api/document/logout', () => HttpResponse.json({ message: 'Sesión cerrada' })),

  http.post('/api/client/login', async ({ request }) => {
    const body = await readBody(request, ClientLoginRequestSchema);
    if (body instanceof Response) return body;
    return body.documento === CLIENT_RUC && body.password === CLIENT_PASSWORD
      ? HttpResponse.json(tokenResponse())
      : message('credenciales inválidas', 400);
  }),
  http.post('/api/client/logout', () => HttpResponse.json({ message: 'Sesión cerrada' })),
  http.post('/api/client/register', async ({ request }) => {
    const body = await readBody(request, ClientRegisterRequestSchema);
    if (body instanceof Response) return body;
    return HttpResponse.json({ message: 'Cuenta creada.', ...tokenResponse() });
  }),
  http.post('/api/client/password-reset/request', async ({ request }) => {
    const body = await readBody(request, PasswordResetRequestSchema);
    if (body instanceof Response) return body;
    return HttpResponse.json({ message: API_MESSAGES.passwordResetRequested });
  }),
  http.post('/api/client/password-reset/link', async ({ request }) => {
    const body = await readBody(request, PasswordResetLinkRequestSchema);
    if (body instanceof Response) return body;
    return body.token === RESET_TOKEN
      ? HttpResponse.json({ documento: CLIENT_RUC })
      : message(API_MESSAGES.invalidLink, 400);
  }),
  http.post('/api/client/password-reset/confirm', async ({ request }) => {
    const body = await readBody(request, PasswordResetConfirmSchema);
    if (body instanceof Response) return body;
    return body.token === RESET_TOKEN
      ? HttpResponse.json({ message: API_MESSAGES.passwordReset })
      : message(API_MESSAGES.invalidLink, 400);
  }),
  http.post('/api/client/email-confirmation', async ({ request }) => {
    const body = await readBody(request, ConfirmEmailRequestSchema);
    if (body instanceof Response) return body;
    return body.token === CONFIRMATION_TOKEN
      ? HttpResponse.json({ message: API_MESSAGES.emailConfirmed })
      : message(API_MESSAGES.invalidLink, 400);
  }),
  http.get('/api/client/emails', () => HttpResponse.json(clientEmails)),
  http.post('/api/client/emails', async ({ request }) => {
    const body = await readBody(request, AddClientEmailRequestSchema);
    if (body instanceof Response) return body;
    if (!clientEmails.some((email) => email.address === body.address)) {
      if (body.password === undefined) return message(API_MESSAGES.emailNeedsPassword, 400);
      if (body.password !== CLIENT_PASSWORD) {
        return message(API_MESSAGES.currentPasswordWrong, 400);
      }
      const { address, language } = body;
      clientEmails.push({ id: clientEmails.length + 10, address, language, confirmed: false });
    }
    return HttpResponse.json({ message: API_MESSAGES.emailConfirmationSent });
  }),
  http.delete('/api/client/emails/:id', ({ params }) => {
    const index = clientEmails.findIndex((email) => String(email.id) === params.id);
    if (index < 0) return message(API_MESSAGES.emailNotFound, 404);
    clientEmails.splice(index, 1);
    return HttpResponse.json({ message: API_MESSAGES.emailRemoved });
  }),
  http.post('/api/client/change-password', async ({ request }) => {
    const body = await readBody(request, ChangePasswordRequestSchema);
    if (body instanceof Response) return body;
    return body.old === CLIENT_PASSWORD
      ? HttpResponse.json({ message: 'contraseña actualizada', ...tokenResponse() })
      : message('No se pudo cambiar la contraseña', 400);
  }),
  http.get('/api/client/notices', () => HttpResponse.json({ mode: 'none' })),
  http.get('/api/client/exports', () => HttpResponse.json({ items: [] })),
  http.get('/api/client/inbox', () =>
    HttpResponse.json({ direccion: null, correos: [], nextCursor: null }),
  ),
  http.patch('/api/client/notices', () =>
    HttpResponse.json({ message: 'Preferencia de avisos guardada.' }),
  ),
  http.get('/api/client/companies', () => HttpResponse.json(companies)),
  http.get('/api/client/issuers', () => HttpResponse.json(clientAccess)),
  http.post('/api/client/issuers', async ({ request }) => {
    const body = await readBody(request, ClientIssuerAddRequestSchema);
    return body instanceof Response ? body : addIssuer(body.comprobante);
  }),
  http.get('/api/client/documents/latest', () =>
    HttpResponse.json({
      fecha: clientDocuments.map((doc) => doc.fecha).reduce((a, b) => (a > b ? a : b)),
    }),
  ),
  http.get('/api/client/documents/totals', ({ request }) =>
    HttpResponse.json(documentsTotals(new URL(request.url)) as JsonBodyType),
  ),
  http.get('/api/client/documents', ({ request }) =>
    HttpResponse.json(documentsPage(new URL(request.url)) as JsonBodyType),
  ),
  http.delete('/api/client/received/:id', ({ params }) => {
    const doc = clientDocuments.find((candidate) => String(candidate.id) === params.id);
    if (doc === undefined) return message(RECEIVED_MESSAGES.notHeld, 404);
    if (doc.origen === 'emisor') return message(RECEIVED_MESSAGES.published, 409);
    return HttpResponse.json({ message: RECEIVED_MESSAGES.removed });
  }),
  http.get('/api/client/documents/:id/resource/:type', ({ params }) => {
    const doc = clientDocuments.find((candidate) => String(candidate.id) === params.id);
    return doc ? resource(doc, params.type) : message('Recurso no encontrado', 404);
  }),
];
