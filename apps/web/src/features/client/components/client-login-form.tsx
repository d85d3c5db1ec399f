import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Fab from '@mui/material/Fab';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { ClientLoginRequestSchema, RucSchema } from '@sufel/contract';
import { useId } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../../components/form/form-error';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { digitsOnly } from '../../../lib/normalize-input';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useLoginClient } from '../api/login-client';

/** Company accounts are RUCs, so the login asks for the eleven digits. */
const LoginFormSchema = ClientLoginRequestSchema.extend({ documento: RucSchema });

export function ClientLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const form = useZodForm(LoginFormSchema, { defaultValues: { documento: '', password: '' } });
  const login = useLoginClient({ onSuccess: onLoggedIn });

  return (
    <>
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
              <FormTextField
                control={form.control}
                name="documento"
                label={t.clientLogin.ruc}
                required
                fullWidth
                counter
                maxLength={11}
                normalize={digitsOnly}
                autoComplete="username"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <FormPasswordField
                control={form.control}
                name="password"
                label={t.clientLogin.password}
                required
                fullWidth
                autoComplete="current-password"
              />
            </Stack>
            <FormError message={login.isError ? errorMessage(login.error) : null} />
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
              <MuiLink component={Link} href={paths.client.resetPassword.getHref()}>
                {t.clientLogin.forgotPassword}
              </MuiLink>
              <SubmitButton pending={login.isPending}>{t.clientLogin.submit}</SubmitButton>
            </Box>
          </form>
        </CardContent>
      </Card>
      <Tooltip title={t.clientLogin.register} placement="left">
        <Fab
          color="primary"
          component={Link}
          href={paths.client.register.getHref()}
          aria-label={t.clientLogin.register}
          sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 } }}
        >
          <PersonAddIcon />
        </Fab>
      </Tooltip>
    </>
  );
}
