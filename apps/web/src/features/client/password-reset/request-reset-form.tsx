import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PasswordResetRequestSchema } from '@sufel/contract';
import { useState } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../../components/form/form-error';
import { FormRucField } from '../../../components/form/form-ruc-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { useConfig } from '../../../config/config-context';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { ChallengeProgress } from '../../challenge/challenge-progress';
import { ContactOperator } from '../components/access/operator-contact';
import { AccountFormCard } from '../components/account-form-card';
import { useRequestPasswordReset } from './password-reset-api';

const RequestFormSchema = PasswordResetRequestSchema.pick({ documento: true });

/** "¿Olvidó su contraseña?": a reset link goes to the account's confirmed addresses, if any. */
export function RequestResetForm() {
  const { t, language } = useI18n();
  const { mail, contact } = useConfig();
  const errorMessage = useErrorMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(RequestFormSchema, { defaultValues: { documento: '' } });
  const request = useRequestPasswordReset({
    onSuccess: (_message, { documento }) => setSentTo(documento),
  });

  const backToLogin = (
    <Button component={Link} href={paths.client.login.href(sentTo ?? undefined)}>
      {t.clientRegister.backToLogin}
    </Button>
  );

  const noEmail = (
    <Alert severity="info">
      <ContactOperator sentence={t.resetPassword.noEmail} contact={contact} />
    </Alert>
  );

  if (!mail) {
    return (
      <AccountFormCard title={t.resetPassword.title}>
        <Stack spacing={2}>
          <Alert severity="info">
            <ContactOperator sentence={t.resetPassword.mailOff} contact={contact} />
          </Alert>
          <Box sx={{ display: 'flex' }}>{backToLogin}</Box>
        </Stack>
      </AccountFormCard>
    );
  }

  if (sentTo !== null) {
    return (
      <AccountFormCard title={t.resetPassword.sentTitle} subtitle={t.resetPassword.title}>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {t.resetPassword.sent}
          </Alert>
          {noEmail}
          <Box sx={{ display: 'flex' }}>{backToLogin}</Box>
        </Stack>
      </AccountFormCard>
    );
  }

  return (
    <AccountFormCard title={t.resetPassword.title} subtitle={t.resetPassword.subtitle}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(({ documento }) => request.mutate({ documento, language }))(event)
        }
      >
        <Stack spacing={2}>
          <FormRucField control={form.control} name="documento" label={t.clientRegister.ruc} />
          {noEmail}
        </Stack>
        <ChallengeProgress progress={request.verifying} />
        <FormError message={request.isError ? errorMessage(request.error) : null} />
        <Box
          sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          {backToLogin}
          <SubmitButton pending={request.isPending}>{t.resetPassword.submit}</SubmitButton>
        </Box>
      </form>
    </AccountFormCard>
  );
}
