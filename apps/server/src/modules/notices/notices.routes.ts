import {
  API_PATHS,
  ErrorSchema,
  MessageSchema,
  NOTICE_MESSAGES,
  NoticePreferencesSchema,
  NoticeUnsubscribeQuerySchema,
} from '@sufel/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A small page of its own: the link works from any mail client, with or without the web app. */
function page(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SUFEL</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`,
    );
}

const INVALID = `<h1>Enlace no válido</h1><p>${NOTICE_MESSAGES.invalidLink}</p><p lang="en">This unsubscribe link is not valid.</p>`;

/** Receivers' notice choice, and the unsubscribe link every notice carries. */
export const noticesRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const guard = services.sessions.guard('client');
  const security: Record<string, string[]>[] = [{ bearer: [] }, { clientCookie: [] }];
  const sessionErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  // RFC 8058 one-click requests arrive as a form; this plugin's scope alone reads them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) =>
      parsed(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    API_PATHS.clientNotices,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: 'How the receiver is told of new documents',
        security,
        response: { 200: NoticePreferencesSchema, ...sessionErrors },
      },
    },
    async (request) => ({ mode: await services.notices.mode(sessionOf(request).subject) }),
  );

  app.patch(
    API_PATHS.clientNotices,
    {
      bodyLimit: 1024,
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary:
          'Choose notices of new documents: one e-mail each, a daily digest, or none (confirmed addresses only)',
        security,
        body: NoticePreferencesSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...sessionErrors },
      },
    },
    async (request) => {
      await services.notices.setMode(sessionOf(request).subject, request.body.mode);
      return { message: NOTICE_MESSAGES.saved };
    },
  );

  app.get(
    API_PATHS.noticeUnsubscribe,
    {
      schema: {
        tags: ['client'],
        summary: 'Page that confirms turning notices off (opening the link changes nothing)',
        querystring: NoticeUnsubscribeQuerySchema,
      },
    },
    (request, reply) => {
      const { token } = request.query;
      if (!services.notices.validUnsubscribe(token)) return page(reply, 400, INVALID);
      const action = `${API_PATHS.noticeUnsubscribe}?token=${encodeURIComponent(token)}`;
      return page(
        reply,
        200,
        `<h1>Dejar de recibir avisos</h1><p>La cuenta dejará de recibir por correo los avisos de nuevos comprobantes. Puede volver a activarlos en su perfil.</p><p lang="en">Stop receiving e-mail notices of new documents for this account. You can turn them on again in your profile.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Dejar de recibir avisos / Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    API_PATHS.noticeUnsubscribe,
    {
      // The one-click body is `List-Unsubscribe=One-Click`; nothing in it is read.
      bodyLimit: 1024,
      schema: {
        tags: ['client'],
        summary: 'One-click unsubscribe (RFC 8058): turns notices off for the account of the link',
        querystring: NoticeUnsubscribeQuerySchema,
        body: z.unknown(),
      },
    },
    async (request, reply) => {
      if (!(await services.notices.unsubscribe(request.query.token))) {
        return page(reply, 400, INVALID);
      }
      return page(
        reply,
        200,
        `<h1>Listo</h1><p>${NOTICE_MESSAGES.unsubscribed}</p><p lang="en">Done: this account will no longer receive e-mail notices of new documents.</p>`,
      );
    },
  );

  done();
};
