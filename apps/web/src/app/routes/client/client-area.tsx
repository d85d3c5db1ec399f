import { lazy, Suspense, useCallback } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageLoading } from '../../../components/errors/page-loading';
import { CenteredPage } from '../../../components/layouts/centered-page';
import { AreaProviders } from '../../../components/providers/area-providers';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { paths } from '../../../config/paths';
import { ClientLayout } from '../../../features/client/components/client-layout';
import { ClientLoginForm } from '../../../features/client/components/client-login-form';
import { ProfileForm } from '../../../features/client/components/profile-form';
import { RequireClientSession } from '../../../features/client/components/require-client-session';
import { clientSession } from '../../../features/client/session/client-session';
import { useI18n } from '../../../i18n/i18n-provider';
import { useUnauthorized } from '../../../lib/use-unauthorized';

// The date pickers and the data grid come with these screens only.
const DashboardRoute = lazy(() => import('./dashboard-route'));
const RegisterRoute = lazy(() => import('./register-route'));
const ResetPasswordRoute = lazy(() => import('./reset-password-route'));

function ClientRoutes() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const [, navigate] = useLocation();
  const toLogin = useCallback(
    () => navigate(paths.client.login.getHref(), { replace: true }),
    [navigate],
  );
  const backToLogin = (message: string) => {
    snackbar.show({ message, action: t.common.accept });
    navigate(paths.client.login.getHref());
  };

  useUnauthorized(() => {
    clientSession.clear();
    snackbar.show({ message: t.common.sessionExpired, action: t.common.accept });
    toLogin();
  });

  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path={paths.client.login.path}>
          {clientSession.read() !== null ? (
            <Redirect to={paths.client.dashboard.getHref()} replace />
          ) : (
            <CenteredPage>
              <ClientLoginForm onLoggedIn={() => navigate(paths.client.dashboard.getHref())} />
            </CenteredPage>
          )}
        </Route>
        <Route path={paths.client.register.path}>
          <RegisterRoute onRegistered={backToLogin} />
        </Route>
        <Route path={paths.client.resetPassword.path}>
          <ResetPasswordRoute onReset={backToLogin} />
        </Route>
        <Route path={paths.client.dashboard.path}>
          <RequireClientSession>
            <ClientLayout onLoggedOut={toLogin}>
              <Suspense fallback={<PageLoading />}>
                <DashboardRoute />
              </Suspense>
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route path={paths.client.profile.path}>
          <RequireClientSession>
            <ClientLayout onLoggedOut={toLogin}>
              <ProfileForm />
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route>
          <Redirect to={paths.home.getHref()} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** The company area: account screens and, behind the login, the receiver's documents. */
export default function ClientArea() {
  return (
    <AreaProviders>
      <ClientRoutes />
    </AreaProviders>
  );
}
