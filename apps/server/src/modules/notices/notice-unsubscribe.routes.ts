import { API_PATHS, NOTICE_MESSAGES, NoticeUnsubscribeQuerySchema, PAGES } from '@sufel/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { escapeHtml, noticePage, portalLinks } from './notice-page.js';

/** A page of its own: the link works from any mail client, with or without the web app. */
function page(reply: FastifyReply, services: Services, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(noticePage(services.config.web, body));
}

const INVALID = `<h1>Enlace no válido</h1><p>${NOTICE_MESSAGES.invalidLink}</p><p class="en" lang="en">This unsubscribe link is not valid.</p>${portalLinks()}`;

/** The unsubscribe link every notice carries: it works without a session. */
export const noticeUnsubscribeRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  // RFC 8058 one-click requests arrive as a form; this plugin's scope alone reads them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) =>
      parsed(null, Object.fromEntries(new URLSearchParams(body as string))),
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
      if (!services.notices.validUnsubscribe(token)) return page(reply, services, 400, INVALID);
      const action = `${API_PATHS.noticeUnsubscribe}?token=${encodeURIComponent(token)}`;
      return page(
        reply,
        services,
        200,
        `<h1>Dejar de recibir avisos</h1><p>La cuenta dejará de recibir por correo los avisos de nuevos comprobantes. Puede volver a activarlos en su perfil.</p><p class="en" lang="en">Stop receiving e-mail notices of new documents for this account with the button below. You can turn them on again in your profile.</p><form method="post" action="${escapeHtml(action)}" class="actions"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" class="button">Dejar de recibir avisos</button><a class="button button--outlined" href="${PAGES.home.href()}">Volver al portal</a></form>`,
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
        return page(reply, services, 400, INVALID);
      }
      return page(
        reply,
        services,
        200,
        `<h1>Listo</h1><p>${NOTICE_MESSAGES.unsubscribed}</p><p class="en" lang="en">Done: this account will no longer receive e-mail notices of new documents.</p>${portalLinks()}`,
      );
    },
  );

  done();
};
