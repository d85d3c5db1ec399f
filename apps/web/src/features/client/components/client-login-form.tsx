import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ClientLoginRequestSchema, RucSchema } from '@sufel/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'wouter';
import { FormError } from '../../../components/form/form-error';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { FormRucField } from '../../../components/form/form-ruc-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { attemptsLeftOf } from '../../../lib/http-error';
import { digitsOnly } from '../../../lib/normalize-input';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AttemptsLeft, ChallengeProgress } from '../../challenge/challenge-progress';
import { useLoginClient } from '../api/login-client';

/** Company accounts are RUCs, so the login asks for the eleven digits. */
const LoginFormSchema = ClientLoginRequestSchema.extend({ documento: RucSchema });

export function ClientLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  // After registering or resetting, the login comes back with the account's RUC.
  const [search] = useSearchParams();
  const knownRuc = digitsOnly(search.get('ruc') ?? '').slice(0, 11);
  const form = useZodForm(LoginFormSchema, {
    defaultValues: { documento: knownRuc, password: '' },
  });
  const login = useLoginClient({ onSuccess: onLoggedIn });

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.clientLogin.title}
        subheader={t.clientLogin.subtitle}
        slotProps={{
          title: { id: titleId, component: 'h1', variant: 'h6' },
          subheader: { color: 'text.secondary' },
        }}
      />
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}
        >
          <Stack spacing={2}>
            <FormRucField control={form.control} name="documento" label={t.clientLogin.ruc} />
            <FormPasswordField
              control={form.control}
              name="password"
              label={t.clientLogin.password}
              required
              fullWidth
              autoComplete="current-password"
            />
          </Stack>
          <ChallengeProgress progress={login.verifying} />
          <FormError message={login.isError ? errorMessage(login.error) : null} />
          <AttemptsLeft count={login.isError ? attemptsLeftOf(login.error) : null} />
          <Box
            sx={{
              mt: 3,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 2,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <MuiLink component={Link} href={paths.client.resetPassword.href()}>
              {t.clientLogin.forgotPassword}
            </MuiLink>
            <SubmitButton pending={login.isPending}>{t.clientLogin.submit}</SubmitButton>
          </Box>
        </form>
        <Typography sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          {t.clientLogin.noAccount}{' '}
          <MuiLink component={Link} href={paths.client.register.href()}>
            {t.clientLogin.registerLink}
          </MuiLink>
        </Typography>
      </CardContent>
    </Card>
  );
}
