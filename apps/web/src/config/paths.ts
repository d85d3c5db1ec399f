/** Every route of the portal, with the link that leads to it. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  document: {
    root: { path: '/document', getHref: () => '/document' },
    login: { path: '/document/login', getHref: () => '/document/login' },
    view: { path: '/document', getHref: () => '/document' },
  },
  client: {
    root: { path: '/client', getHref: () => '/client' },
    login: {
      path: '/client/login',
      /** With a RUC, the login form starts with it filled in. */
      getHref: (ruc?: string) =>
        ruc ? `/client/login?ruc=${encodeURIComponent(ruc)}` : '/client/login',
    },
    register: { path: '/client/register', getHref: () => '/client/register' },
    resetPassword: { path: '/client/reset-password', getHref: () => '/client/reset-password' },
    /** Opened from a mailed reset link (the server names this page in the link). */
    newPassword: { path: '/client/password-reset', getHref: () => '/client/password-reset' },
    /** Opened from a mailed confirmation link (the server names this page in the link). */
    confirmEmail: { path: '/client/email/confirm', getHref: () => '/client/email/confirm' },
    dashboard: { path: '/client', getHref: () => '/client' },
    /** One document over the list; the list's filters stay in the query. */
    document: {
      path: '/client/documents/:id',
      getHref: (id: number, listSearch = '') =>
        `/client/documents/${id}${listSearch === '' ? '' : `?${listSearch}`}`,
    },
    profile: { path: '/client/perfil', getHref: () => '/client/perfil' },
    reconciliation: { path: '/client/conciliacion', getHref: () => '/client/conciliacion' },
    payables: { path: '/client/por-pagar', getHref: () => '/client/por-pagar' },
    detractions: { path: '/client/detracciones', getHref: () => '/client/detracciones' },
    withholdings: { path: '/client/retenciones', getHref: () => '/client/retenciones' },
  },
} as const;
