import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { Spinner } from '../../../components/spinner/spinner';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AccountFormCard } from '../components/account-form-card';
import { clientSession } from '../session/client-session';
import { confirmEmail } from './emails-api';

/** The page a mailed confirmation link opens: it confirms the address and says so. */
export function ConfirmEmailPage() {
  const { t, translate } = useI18n();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  // A query, not an effect: opening the link twice (or React re-running effects) confirms once.
  const confirmation = useQuery({
    queryKey: ['email-confirmation', token],
    queryFn: () => confirmEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const signedIn = clientSession.read() !== null;

  return (
    <AccountFormCard title={t.emailConfirmation.title}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {token === '' ? (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {t.newPassword.missingLink}
          </Alert>
        ) : confirmation.isPending ? (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Spinner diameter={24} />
            {t.emailConfirmation.confirming}
          </Box>
        ) : confirmation.isError ? (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {errorMessage(confirmation.error)}
          </Alert>
        ) : (
          <Alert severity="success" role="status" sx={{ alignSelf: 'stretch' }}>
            {translate(confirmation.data.message)}
          </Alert>
        )}
        {signedIn ? (
          <Button component={Link} href={paths.client.profile.href()}>
            {t.clientLayout.profile}
          </Button>
        ) : (
          <Button component={Link} href={paths.client.login.href()}>
            {t.emailConfirmation.toLogin}
          </Button>
        )}
      </Stack>
    </AccountFormCard>
  );
}
