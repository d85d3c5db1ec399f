import { Link, useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { useClientSignedIn } from '../session/use-client-signed-in';

/**
 * The top bar's way into the company area, outside it: "Mis comprobantes" when
 * a session is open (in this tab or another), else "Acceso empresas", which
 * names the login it leads to (the consultation needs none). Its words
 * are in the first load's texts: the company area's arrive with that area.
 */
export function AccountLink() {
  const { t } = useI18n();
  const [location] = useLocation();
  const signedIn = useClientSignedIn();
  if (location.startsWith(paths.client.root.path)) return null;
  return signedIn ? (
    <Link href={paths.client.dashboard.href()} className="navbar__action">
      {t.nav.documents}
    </Link>
  ) : (
    <Link href={paths.client.login.href()} className="navbar__action">
      {t.nav.login}
    </Link>
  );
}
