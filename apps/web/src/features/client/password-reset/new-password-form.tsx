import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordResetConfirmSchema } from '@sufel/contract';
import { Link, useSearchParams } from 'wouter';
import { FormError } from '../../../components/form/form-error';
import { PasswordFields } from '../../../components/form/password-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { isHttpError } from '../../../lib/http-error';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AccountFormCard } from '../components/account-form-card';
import { useConfirmPasswordReset, useResetLink } from './password-reset-api';

/** The page a mailed reset link opens: the new password, typed twice. */
export function NewPasswordForm({
  onReset,
}: {
  /** With the server's message and the account's RUC, when the link names it. */
  onReset: (message: string, ruc: string | undefined) => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const link = useResetLink(token);
  const ruc = link.data?.documento;
  const form = useZodForm(PasswordResetConfirmSchema, {
    defaultValues: { token, password: '', repeat_password: '' },
  });
  const confirm = useConfirmPasswordReset({ onSuccess: ({ message }) => onReset(message, ruc) });

  const requestAgain = (
    <Button component={Link} href={paths.client.resetPassword.href()}>
      {t.newPassword.requestAgain}
    </Button>
  );

  if (token === '' || link.isError) {
    // A dead link (used, expired, mangled) gets the server's words; a failed check, its reason.
    const reason =
      token === '' || isHttpError(link.error, 400)
        ? t.newPassword.missingLink
        : errorMessage(link.error);
    return (
      <AccountFormCard title={t.newPassword.title} subtitle={t.newPassword.subtitle}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {reason}
          </Alert>
          {requestAgain}
        </Stack>
      </AccountFormCard>
    );
  }
  if (link.isPending) {
    return (
      <AccountFormCard title={t.newPassword.title} subtitle={t.newPassword.subtitle}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label={t.common.loading} />
        </Box>
      </AccountFormCard>
    );
  }

  return (
    <AccountFormCard title={t.newPassword.title} subtitle={t.newPassword.subtitle}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => confirm.mutate(values))(event)}
      >
        <Stack spacing={2}>
          {ruc !== undefined && (
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t.newPassword.account(ruc)}
            </Typography>
          )}
          {/* Password managers file the new password under this account. */}
          <input type="text" hidden readOnly autoComplete="username" value={ruc ?? ''} />
          <PasswordFields
            control={form.control}
            password="password"
            repeat="repeat_password"
            labels={{ password: t.newPassword.password, repeat: t.newPassword.repeat }}
            account={{ ruc: ruc ?? '' }}
          />
        </Stack>
        <FormError message={confirm.isError ? errorMessage(confirm.error) : null} />
        <Box
          sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          {confirm.isError ? requestAgain : <span />}
          <SubmitButton pending={confirm.isPending}>{t.newPassword.submit}</SubmitButton>
        </Box>
      </form>
    </AccountFormCard>
  );
}
