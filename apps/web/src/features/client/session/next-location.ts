import { paths } from '../../../config/paths';

const NEXT = 'next';

/** The login's address that brings the user back to `location` (path and query) afterwards. */
export function loginHrefFor(location: string): string {
  const home = paths.client.dashboard.getHref();
  if (location === home || location === paths.client.login.getHref()) {
    return paths.client.login.getHref();
  }
  return `${paths.client.login.getHref()}?${new URLSearchParams({ [NEXT]: location }).toString()}`;
}

/**
 * Where the login sends the user: the company-area screen they were headed
 * for, when the query names one, else their documents. Only paths of this
 * area are followed, never another site's address.
 */
export function nextLocationOf(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  const root = paths.client.root.path;
  const inArea =
    next !== null &&
    (next === root || next.startsWith(`${root}/`) || next.startsWith(`${root}?`)) &&
    !next.startsWith(paths.client.login.path);
  return inArea ? next : paths.client.dashboard.getHref();
}
