import { PAGES, type WebConfig } from '@sufel/contract';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

// The portal's own colours, type and card, so the page reads as part of it.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f5f5f5;color:rgb(0 0 0 / 87%);font-family:Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
:focus-visible{outline:2px solid #5b34a3;outline-offset:2px}
header{display:flex;align-items:center;gap:8px;min-height:56px;padding:0 16px;background:#7a51c1;color:#fff}
header a{display:inline-flex;align-items:center;gap:8px;min-height:48px;color:inherit;font-size:1.25rem;font-weight:500;text-decoration:none}
header a:focus-visible{outline-color:#fff}
header img{height:26px;width:auto}
main{flex:1;width:100%;max-width:480px;margin:0 auto;padding:16px 12px}
section{padding:16px;border-radius:4px;background:#fff;box-shadow:0 2px 1px -1px rgb(0 0 0 / 20%),0 1px 1px 0 rgb(0 0 0 / 14%),0 1px 3px 0 rgb(0 0 0 / 12%)}
h1{margin:0 0 8px;font-size:1.25rem;font-weight:500}
p{margin:0 0 16px}
.en{color:rgb(0 0 0 / 62%);font-size:.875rem}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.button{display:inline-flex;align-items:center;min-height:42px;padding:8px 22px;border:1px solid #7a51c1;border-radius:4px;background:#7a51c1;color:#fff;font:inherit;font-size:.9375rem;font-weight:500;text-decoration:none;text-transform:uppercase;cursor:pointer}
.button--outlined{background:#fff;color:#5b34a3}
footer{padding:16px;background:#fff;border-top:1px solid rgb(0 0 0 / 12%);color:rgb(0 0 0 / 62%);font-size:.875rem;text-align:center}
footer a{color:#5b34a3}
@media (min-width:600px){header{min-height:64px;padding:0 24px}main{padding:32px 24px}section{padding:24px}}
`;

/**
 * A page of the unsubscribe link, which works from any mail client without the
 * web app: in the portal's look, with its bar leading home and, under the
 * message, the ways back into the portal.
 */
export function noticePage(web: WebConfig, body: string): string {
  const product = escapeHtml(web.product);
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Avisos de nuevos comprobantes — ${product}</title><style>${STYLE}</style></head><body><header><a href="${PAGES.home.href()}"><img src="${escapeHtml(web.logo)}" alt="" height="26">${product}</a></header><main><section>${body}</section></main><footer>Portal operado por <a href="${escapeHtml(web.companyUrl)}">${escapeHtml(web.company)}</a></footer></body></html>`;
}

/** The ways back into the portal under the page's message. */
export function portalLinks(): string {
  return `<p class="actions"><a class="button" href="${PAGES.client.profile.href()}">Abrir mi perfil</a><a class="button button--outlined" href="${PAGES.home.href()}">Ir al portal</a></p><p class="en" lang="en">Open your profile, or go to the portal.</p>`;
}
