import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  ClientRegisterRequestSchema,
  RucSchema,
  type ClientRegisterRequest,
} from '@sufel/contract';
import { isValidRuc } from '@sufel/ubl/identifiers';
import { useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { emptyProof, ProofFormSchema } from '../../../components/document-proof/proof-form-schema';
import { FormError } from '../../../components/form/form-error';
import { FormRucField } from '../../../components/form/form-ruc-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordFields } from '../../../components/form/password-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { useConfig } from '../../../config/config-context';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { useI18n } from '../../../i18n/i18n-provider';
import { attemptsLeftOf } from '../../../lib/http-error';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AttemptsLeft, ChallengeProgress } from '../../challenge/challenge-progress';
import { useRegisterClient } from '../api/register-client';
import { AccountFormCard } from './account-form-card';
import { ProofSection } from './proof-section';

/** A mistyped RUC is caught here, on its own field, before the proof is blamed for it. */
const RegisterFormSchema = ClientRegisterRequestSchema.safeExtend({
  documento: RucSchema.refine(
    (ruc) => ruc.length !== 11 || isValidRuc(ruc),
    es.clientRegister.rucInvalid,
  ),
  comprobante: ProofFormSchema,
});

export function ClientRegisterForm({
  onRegistered,
}: {
  /** With the server's message, once the new account is signed in. */
  onRegistered: (message: string) => void;
}) {
  const { t, language } = useI18n();
  const { ruc, mail } = useConfig();
  const errorMessage = useErrorMessage();
  const defaultValues: ClientRegisterRequest = {
    documento: '',
    nombres: '',
    password: '',
    repeat_password: '',
    comprobante: emptyProof(ruc),
    email: '',
  };
  const form = useZodForm(RegisterFormSchema, { defaultValues });
  const [typedRuc, typedName] = useWatch({ control: form.control, name: ['documento', 'nombres'] });
  const register = useRegisterClient({
    onSuccess: ({ message }) => onRegistered(message),
  });

  return (
    <AccountFormCard title={t.clientRegister.title} subtitle={t.clientRegister.subtitle}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            register.mutate(values.email === undefined ? values : { ...values, language }),
          )(event)
        }
      >
        <Stack spacing={3}>
          <Stack spacing={2}>
            <FormRucField control={form.control} name="documento" label={t.clientRegister.ruc} />
            <FormTextField
              control={form.control}
              name="nombres"
              label={t.clientRegister.name}
              required
              fullWidth
              maxLength={200}
              autoComplete="organization"
            />
            <PasswordFields
              control={form.control}
              password="password"
              repeat="repeat_password"
              labels={{
                password: t.clientRegister.password,
                repeat: t.clientRegister.repeatPassword,
              }}
              account={{ ruc: typedRuc, name: typedName }}
            />
            {mail && (
              <FormTextField
                control={form.control}
                name="email"
                type="email"
                label={t.clientRegister.email}
                hint={t.clientRegister.emailHint}
                fullWidth
                maxLength={254}
                autoComplete="email"
              />
            )}
          </Stack>
          <ProofSection
            control={form.control}
            title={t.clientRegister.proofTitle}
            help={t.clientRegister.proofHelp}
          />
        </Stack>
        <ChallengeProgress progress={register.verifying} />
        <FormError message={register.isError ? errorMessage(register.error) : null} />
        <AttemptsLeft count={register.isError ? attemptsLeftOf(register.error) : null} />
        <Box
          sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          <Button component={Link} href={paths.client.login.href()}>
            {t.clientRegister.backToLogin}
          </Button>
          <SubmitButton pending={register.isPending}>{t.clientRegister.submit}</SubmitButton>
        </Box>
      </form>
    </AccountFormCard>
  );
}
