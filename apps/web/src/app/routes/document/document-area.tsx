import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from '../../../components/errors/page-loading';
import { UnknownAddress } from '../../../components/errors/unknown-address';
import { PageTitle } from '../../../components/page-title/page-title';
import { paths } from '../../../config/paths';
import { RequireConsultation } from '../../../features/document/components/require-consultation';
import { DocumentLoginPage } from '../../../features/document/login/document-login-page';
import { useI18n } from '../../../i18n/i18n-provider';

// The form is light; the document view brings MUI and server state with it.
const DocumentViewRoute = lazy(() => import('./document-view-route'));

/** The individual consultation: the form and the one document it opens. */
export default function DocumentArea() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  return (
    <Switch>
      <Route path={paths.document.login.path}>
        <DocumentLoginPage onFound={() => navigate(paths.document.view.href())} />
      </Route>
      <Route path={paths.document.view.path}>
        <RequireConsultation>
          <PageTitle title={t.titles.document} />
          <Suspense fallback={<PageLoading />}>
            <DocumentViewRoute />
          </Suspense>
        </RequireConsultation>
      </Route>
      <Route>
        <UnknownAddress />
      </Route>
    </Switch>
  );
}
