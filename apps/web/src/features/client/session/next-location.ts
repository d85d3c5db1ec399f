import { paths } from '../../../config/paths';

const NEXT = 'next';
const RUC = 'ruc';

/** The RUC a link names (`?ruc=`), so the login it leads to starts with it. */
function rucIn(location: string): string | null {
  const query = location.split('?')[1];
  const ruc = query === undefined ? null : new URLSearchParams(query).get(RUC);
  return ruc !== null && /^\d{11}$/.test(ruc) ? ruc : null;
}

/**
 * The login's address that brings the user back to `location` (path and
 * query) afterwards, with the RUC filled in when the location names one (the
 * link of a notice mail does).
 */
export function loginHrefFor(location: string): string {
  const login = paths.client.login.href();
  const params = new URLSearchParams();
  const ruc = rucIn(location);
  if (ruc !== null) params.set(RUC, ruc);
  if (location !== paths.client.dashboard.href() && location !== login) {
    params.set(NEXT, location);
  }
  const query = params.toString();
  return query === '' ? login : `${login}?${query}`;
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
  return inArea ? next : paths.client.dashboard.href();
}
