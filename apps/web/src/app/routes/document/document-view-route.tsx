import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { AreaProviders } from '../../../components/providers/area-providers';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { paths } from '../../../config/paths';
import { DocumentView } from '../../../features/document/components/document-view';
import { documentSession } from '../../../features/document/session/document-session';
import { useI18n } from '../../../i18n/i18n-provider';
import { useUnauthorized } from '../../../lib/use-unauthorized';

function DocumentViewScreen() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const [, navigate] = useLocation();
  const toLogin = useCallback(
    () => navigate(paths.document.login.href(), { replace: true }),
    [navigate],
  );

  useUnauthorized(() => {
    documentSession.clear();
    snackbar.show({ message: t.common.sessionExpired, action: t.common.accept });
    toLogin();
  });

  return (
    <Box
      component="main"
      sx={{ maxWidth: 1040, mx: 'auto', px: { xs: 1, sm: 3 }, pt: { xs: 1.5, sm: 3 }, pb: 3 }}
    >
      <DocumentView onEnded={toLogin} />
    </Box>
  );
}

export default function DocumentViewRoute() {
  return (
    <AreaProviders>
      <DocumentViewScreen />
    </AreaProviders>
  );
}
