import {
  ChangePasswordRequestSchema,
  ClientDocumentsPageQuerySchema,
  ClientLoginRequestSchema,
  ClientRegisterRequestSchema,
  ClientResetPasswordRequestSchema,
  DocumentAuthRequestSchema,
  documentFileName,
  DocumentPageSchema,
  TokenResponseSchema,
  type DocumentDto,
} from '@sufel/contract';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ZodType } from 'zod';
import {
  CLIENT_PASSWORD,
  CLIENT_RUC,
  clientDocuments,
  companies,
  factura,
  facturaDetail,
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
      const order = query.sort === 'total' ? a.total - b.total : a.fecha.localeCompare(b.fecha);
      return (query.dir === 'asc' ? order : -order) || a.id - b.id;
    });
  const offset = query.cursor ? Number(query.cursor.replace('offset-', '')) : 0;
  const items = rows.slice(offset, offset + query.limit);
  const next = offset + query.limit;
  return DocumentPageSchema.parse({
    items,
    nextCursor: next < rows.length ? `offset-${next}` : null,
  });
}

export const handlers = [
  http.post('/api/document/auth', async ({ request }) => {
    const body = await readBody(request, DocumentAuthRequestSchema);
    if (body instanceof Response) return body;
    const [serie, numero] = body.documento.toUpperCase().split('-');
    const found =
      body.emisor === factura.emisor &&
      body.tipo === factura.tipo &&
      serie === factura.serie &&
      String(Number(numero)) === factura.correlativo &&
      body.fecha === factura.fecha &&
      body.total === factura.total.toFixed(2);
    return found ? HttpResponse.json(tokenResponse()) : message('documento no encontrado', 404);
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
    return HttpResponse.json({ message: 'Cuenta creada. Ya puede ingresar.' });
  }),
  http.post('/api/client/reset-password', async ({ request }) => {
    const body = await readBody(request, ClientResetPasswordRequestSchema);
    if (body instanceof Response) return body;
    return HttpResponse.json({ message: 'Contraseña restablecida. Ya puede ingresar.' });
  }),
  http.post('/api/client/change-password', async ({ request }) => {
    const body = await readBody(request, ChangePasswordRequestSchema);
    if (body instanceof Response) return body;
    return body.old === CLIENT_PASSWORD
      ? HttpResponse.json({ message: 'contraseña actualizada' })
      : message('No se pudo cambiar la contraseña', 400);
  }),
  http.get('/api/client/companies', () => HttpResponse.json(companies)),
  http.get('/api/client/documents', ({ request }) =>
    HttpResponse.json(documentsPage(new URL(request.url)) as JsonBodyType),
  ),
  http.get('/api/client/documents/:id/resource/:type', ({ params }) => {
    const doc = clientDocuments.find((candidate) => String(candidate.id) === params.id);
    return doc ? resource(doc, params.type) : message('Recurso no encontrado', 404);
  }),
];
