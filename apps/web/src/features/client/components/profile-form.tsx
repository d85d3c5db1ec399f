import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { ChangePasswordRequestSchema } from '@sufel/contract';
import { useId } from 'react';
import { z } from 'zod';
import { FormError } from '../../../components/form/form-error';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { PasswordFields } from '../../../components/form/password-fields';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useChangeClientPassword } from '../api/change-client-password';
import { clientSession } from '../session/client-session';

/** The form always asks for the new password twice. */
const ProfileFormSchema = ChangePasswordRequestSchema.safeExtend({
  repeat: z.string({ message: 'Repita la contraseña.' }).min(1, 'Repita la contraseña.'),
});

const EMPTY = { old: '', new: '', repeat: '' };

export function ProfileForm() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const form = useZodForm(ProfileFormSchema, { defaultValues: EMPTY });
  const change = useChangeClientPassword({
    onSuccess: () => {
      form.reset(EMPTY);
      snackbar.show({ message: t.profile.success, action: t.common.accept });
    },
  });

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.profile.title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
        >
          <Stack spacing={2}>
            <FormPasswordField
              control={form.control}
              name="old"
              label={t.profile.current}
              required
              fullWidth
              autoComplete="current-password"
            />
            <PasswordFields
              control={form.control}
              password="new"
              repeat="repeat"
              labels={{ password: t.profile.next, repeat: t.profile.repeat }}
              account={{ ruc: clientSession.read()?.ruc ?? '' }}
            />
          </Stack>
          <FormError message={change.isError ? errorMessage(change.error) : null} />
          <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
            <SubmitButton pending={change.isPending}>{t.profile.submit}</SubmitButton>
          </Box>
        </form>
      </CardContent>
    </Card>
  );
}
