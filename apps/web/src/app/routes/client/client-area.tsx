import { lazy, Suspense, useCallback } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { PageLoading } from '../../../components/errors/page-loading';
import { UnknownAddress } from '../../../components/errors/unknown-address';
import { CenteredPage } from '../../../components/layouts/centered-page';
import { PageTitle } from '../../../components/page-title/page-title';
import { AreaProviders } from '../../../components/providers/area-providers';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { paths } from '../../../config/paths';
import { ClientLayout } from '../../../features/client/components/client-layout';
import { ClientLoginForm } from '../../../features/client/components/client-login-form';
import { ProfilePage } from '../../../features/client/components/profile-page';
import { RequireClientSession } from '../../../features/client/components/require-client-session';
import { clientSession } from '../../../features/client/session/client-session';
import { loginHrefFor, nextLocationOf } from '../../../features/client/session/next-location';
import { useClientSignedIn } from '../../../features/client/session/use-client-signed-in';
import '../../../i18n/es-client';
import { useI18n } from '../../../i18n/i18n-provider';
import { useUnauthorized } from '../../../lib/use-unauthorized';

// The date pickers and the data grid come with these screens only.
const DashboardRoute = lazy(() => import('./dashboard-route'));
const RegisterRoute = lazy(() => import('./register-route'));
const ResetPasswordRoute = lazy(() => import('./reset-password-route'));
const NewPasswordRoute = lazy(() => import('./new-password-route'));
const ConfirmEmailRoute = lazy(() => import('./confirm-email-route'));
const ReconciliationRoute = lazy(() => import('./reconciliation-route'));
const PayablesRoute = lazy(() => import('./payables-route'));
const DetractionsRoute = lazy(() => import('./detractions-route'));
const WithholdingsRoute = lazy(() => import('./withholdings-route'));

const DASHBOARD_OR_DOCUMENT = /^\/client(?:\/documents\/[^/]+)?\/?$/;

function ClientRoutes() {
  const { t, translate } = useI18n();
  const snackbar = useSnackbar();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const signedIn = useClientSignedIn();
  const here = search === '' ? location : `${location}?${search}`;
  // A session that ends (expiry, logout here or in another tab) comes back to this screen after the login.
  const toLogin = useCallback(
    () => navigate(loginHrefFor(here), { replace: true }),
    [navigate, here],
  );
  const leave = useCallback(
    () => navigate(paths.client.login.href(), { replace: true }),
    [navigate],
  );
  const backToLogin = (message: string, ruc?: string) => {
    snackbar.show({ message: translate(message), action: t.common.accept });
    navigate(paths.client.login.href(ruc));
  };
  // Registering signs the new account in: it goes straight to its documents.
  const registered = (message: string) => {
    snackbar.show({ message: translate(message), action: t.common.accept });
    navigate(paths.client.dashboard.href());
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
          {signedIn ? (
            <Redirect to={nextLocationOf(search)} replace />
          ) : (
            <CenteredPage>
              <PageTitle title={t.clientLogin.title} />
              <ClientLoginForm onLoggedIn={() => navigate(nextLocationOf(search))} />
            </CenteredPage>
          )}
        </Route>
        <Route path={paths.client.register.path}>
          <PageTitle title={t.clientRegister.title} />
          <RegisterRoute onRegistered={registered} />
        </Route>
        <Route path={paths.client.resetPassword.path}>
          <PageTitle title={t.resetPassword.title} />
          <ResetPasswordRoute />
        </Route>
        <Route path={paths.client.newPassword.path}>
          <PageTitle title={t.newPassword.title} />
          <NewPasswordRoute onReset={backToLogin} />
        </Route>
        <Route path={paths.client.confirmEmail.path}>
          <PageTitle title={t.emailConfirmation.title} />
          <ConfirmEmailRoute />
        </Route>
        {/* One route for the list and a document over it, so opening one keeps the list mounted. */}
        <Route path={DASHBOARD_OR_DOCUMENT}>
          <RequireClientSession>
            <PageTitle title={t.dashboard.title} />
            <ClientLayout onLoggedOut={leave}>
              <Suspense fallback={<PageLoading />}>
                <DashboardRoute />
              </Suspense>
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route path={paths.client.profile.path}>
          <RequireClientSession>
            <PageTitle title={t.clientLayout.profile} />
            <ClientLayout onLoggedOut={leave}>
              <ProfilePage />
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route path={paths.client.reconciliation.path}>
          <RequireClientSession>
            <PageTitle title={t.clientLayout.reconciliation} />
            <ClientLayout onLoggedOut={leave}>
              <Suspense fallback={<PageLoading />}>
                <ReconciliationRoute />
              </Suspense>
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route path={paths.client.payables.path}>
          <RequireClientSession>
            <PageTitle title={t.clientLayout.payables} />
            <ClientLayout onLoggedOut={leave}>
              <Suspense fallback={<PageLoading />}>
                <PayablesRoute />
              </Suspense>
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route path={paths.client.detractions.path}>
          <RequireClientSession>
            <PageTitle title={t.clientLayout.detractions} />
            <ClientLayout onLoggedOut={leave}>
              <Suspense fallback={<PageLoading />}>
                <DetractionsRoute />
              </Suspense>
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route path={paths.client.withholdings.path}>
          <RequireClientSession>
            <PageTitle title={t.clientLayout.withholdings} />
            <ClientLayout onLoggedOut={leave}>
              <Suspense fallback={<PageLoading />}>
                <WithholdingsRoute />
              </Suspense>
            </ClientLayout>
          </RequireClientSession>
        </Route>
        <Route>
          <UnknownAddress />
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
