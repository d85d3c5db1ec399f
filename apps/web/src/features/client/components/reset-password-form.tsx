import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ClientResetPasswordRequestSchema, type ClientResetPasswordRequest } from '@sufel/contract';
import { Link } from 'wouter';
import { emptyProof, ProofFormSchema } from '../../../components/document-proof/proof-form-schema';
import { FormError } from '../../../components/form/form-error';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { useConfig } from '../../../config/config-context';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { digitsOnly } from '../../../lib/normalize-input';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useResetClientPassword } from '../api/reset-client-password';
import { AccountFormCard } from './account-form-card';
import { ProofSection } from './proof-section';

const ResetFormSchema = ClientResetPasswordRequestSchema.safeExtend({
  comprobante: ProofFormSchema,
});

export function ResetPasswordForm({ onReset }: { onReset: (message: string) => void }) {
  const { t } = useI18n();
  const { ruc } = useConfig();
  const errorMessage = useErrorMessage();
  const defaultValues: ClientResetPasswordRequest = {
    documento: '',
    password: '',
    repeat_password: '',
    comprobante: emptyProof(ruc),
  };
  const form = useZodForm(ResetFormSchema, { defaultValues });
  const reset = useResetClientPassword({ onSuccess: ({ message }) => onReset(message) });

  return (
    <AccountFormCard title={t.resetPassword.title} subtitle={t.resetPassword.subtitle}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => reset.mutate(values))(event)}
      >
        <Stack spacing={3}>
          <FormTextField
            control={form.control}
            name="documento"
            label={t.clientRegister.ruc}
            required
            fullWidth
            counter
            maxLength={11}
            normalize={digitsOnly}
            autoComplete="username"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <ProofSection control={form.control} />
          <Stack spacing={2}>
            <FormPasswordField
              control={form.control}
              name="password"
              label={t.resetPassword.newPassword}
              hint={t.clientRegister.passwordHint}
              required
              fullWidth
              autoComplete="new-password"
            />
            <FormPasswordField
              control={form.control}
              name="repeat_password"
              label={t.resetPassword.repeatPassword}
              required
              fullWidth
              autoComplete="new-password"
            />
          </Stack>
        </Stack>
        <FormError message={reset.isError ? errorMessage(reset.error) : null} />
        <Box
          sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          <Button component={Link} href={paths.client.login.getHref()}>
            {t.clientRegister.backToLogin}
          </Button>
          <SubmitButton pending={reset.isPending}>{t.resetPassword.submit}</SubmitButton>
        </Box>
      </form>
    </AccountFormCard>
  );
}
