/** The path with one query parameter, or bare when the value is missing. */
function withParam(path: string, name: string, value: string | undefined): string {
  return value ? `${path}?${name}=${encodeURIComponent(value)}` : path;
}

/**
 * Every page of the web portal, with the link that leads to it. The server
 * writes some of them into mails, PDFs and its own pages, so both sides read
 * them from here.
 */
export const PAGES = {
  home: { path: '/', href: () => '/' },
  document: {
    root: { path: '/document', href: () => '/document' },
    /** The consultation of one document: printed on every PDF. */
    login: { path: '/document/login', href: () => '/document/login' },
    view: { path: '/document', href: () => '/document' },
  },
  client: {
    root: { path: '/client', href: () => '/client' },
    login: {
      path: '/client/login',
      /** With a RUC, the login form starts with it filled in. */
      href: (ruc?: string) => withParam('/client/login', 'ruc', ruc),
    },
    register: { path: '/client/register', href: () => '/client/register' },
    resetPassword: { path: '/client/reset-password', href: () => '/client/reset-password' },
    /** Opened from a mailed reset link, which carries its token. */
    newPassword: {
      path: '/client/password-reset',
      href: (token?: string) => withParam('/client/password-reset', 'token', token),
    },
    /** Opened from a mailed confirmation link, which carries its token. */
    confirmEmail: {
      path: '/client/email/confirm',
      href: (token?: string) => withParam('/client/email/confirm', 'token', token),
    },
    dashboard: { path: '/client', href: () => '/client' },
    /**
     * One document over the list; the query keeps the list's filters (or, in
     * a notice mail, the RUC that fills in the login if the session has ended).
     */
    document: {
      path: '/client/documents/:id',
      href: (id: number, query = '') => `/client/documents/${id}${query === '' ? '' : `?${query}`}`,
    },
    profile: { path: '/client/perfil', href: () => '/client/perfil' },
    reconciliation: { path: '/client/conciliacion', href: () => '/client/conciliacion' },
    payables: { path: '/client/por-pagar', href: () => '/client/por-pagar' },
    detractions: { path: '/client/detracciones', href: () => '/client/detracciones' },
    withholdings: { path: '/client/retenciones', href: () => '/client/retenciones' },
  },
} as const;
