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
    login: { path: '/client/login', getHref: () => '/client/login' },
    register: { path: '/client/register', getHref: () => '/client/register' },
    resetPassword: { path: '/client/reset-password', getHref: () => '/client/reset-password' },
    dashboard: { path: '/client', getHref: () => '/client' },
    profile: { path: '/client/perfil', getHref: () => '/client/perfil' },
  },
} as const;
