import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ClientRegisterRequestSchema, type ClientRegisterRequest } from '@sufel/contract';
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
import { useRegisterClient } from '../api/register-client';
import { AccountFormCard } from './account-form-card';
import { ProofSection } from './proof-section';

const RegisterFormSchema = ClientRegisterRequestSchema.safeExtend({
  comprobante: ProofFormSchema,
});

export function ClientRegisterForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const { t } = useI18n();
  const { ruc } = useConfig();
  const errorMessage = useErrorMessage();
  const defaultValues: ClientRegisterRequest = {
    documento: '',
    nombres: '',
    password: '',
    repeat_password: '',
    comprobante: emptyProof(ruc),
  };
  const form = useZodForm(RegisterFormSchema, { defaultValues });
  const register = useRegisterClient({ onSuccess: ({ message }) => onRegistered(message) });

  return (
    <AccountFormCard title={t.clientRegister.title} subtitle={t.clientRegister.subtitle}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => register.mutate(values))(event)}
      >
        <Stack spacing={3}>
          <Stack spacing={2}>
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
            <FormTextField
              control={form.control}
              name="nombres"
              label={t.clientRegister.name}
              required
              fullWidth
              maxLength={200}
              autoComplete="organization"
            />
            <FormPasswordField
              control={form.control}
              name="password"
              label={t.clientRegister.password}
              hint={t.clientRegister.passwordHint}
              required
              fullWidth
              autoComplete="new-password"
            />
            <FormPasswordField
              control={form.control}
              name="repeat_password"
              label={t.clientRegister.repeatPassword}
              required
              fullWidth
              autoComplete="new-password"
            />
          </Stack>
          <ProofSection control={form.control} />
        </Stack>
        <FormError message={register.isError ? errorMessage(register.error) : null} />
        <Box
          sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          <Button component={Link} href={paths.client.login.getHref()}>
            {t.clientRegister.backToLogin}
          </Button>
          <SubmitButton pending={register.isPending}>{t.clientRegister.submit}</SubmitButton>
        </Box>
      </form>
    </AccountFormCard>
  );
}
