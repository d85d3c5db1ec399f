import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SunatCredentialsRequestSchema,
  type SunatCredentialState,
  type SunatCredentialsStatus,
} from '@sufel/contract';
import { useId, useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatLimaInstant } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import {
  useRemoveSunatCredentials,
  useSaveSunatCredentials,
  useSunatCredentials,
} from '../api/sunat-credentials';

const EMPTY = { clientId: '', clientSecret: '' };

const SEVERITY: Readonly<Record<SunatCredentialState, AlertColor>> = {
  accepted: 'success',
  unverified: 'info',
  refused: 'error',
  unreadable: 'warning',
};

function CredentialsState({ status }: { status: SunatCredentialsStatus }) {
  const { t, language, translate } = useI18n();
  if (!status.configured || status.state === null) {
    return <Alert severity="info">{translate(status.message)}</Alert>;
  }
  return (
    <Alert severity={SEVERITY[status.state]} data-state={status.state}>
      <Typography variant="body2">{translate(status.message)}</Typography>
      {status.clientId && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t.sunatCredentials.saved(status.clientId)}
        </Typography>
      )}
      {status.lastUsedAt && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t.sunatCredentials.lastUsed(formatLimaInstant(status.lastUsedAt, language))}
        </Typography>
      )}
    </Alert>
  );
}

/**
 * The receiver's "Credenciales de API SUNAT": saved after SUNAT tried them,
 * with SUNAT's verdict in words; the secret is never shown back.
 */
export function SunatCredentialsSection() {
  const { t, translate } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const helpId = useId();
  const status = useSunatCredentials();
  const [editing, setEditing] = useState(false);
  const form = useZodForm(SunatCredentialsRequestSchema, { defaultValues: EMPTY });
  const save = useSaveSunatCredentials({
    onSuccess: () => {
      form.reset(EMPTY);
      setEditing(false);
    },
  });
  const remove = useRemoveSunatCredentials({
    onSuccess: ({ message }) => {
      save.reset();
      snackbar.show({ message: translate(message), action: t.common.accept });
    },
  });
  const configured = status.data?.configured === true;
  const unusable = status.data?.state === 'refused' || status.data?.state === 'unreadable';
  const showForm = !configured || editing || unusable;
  // After saving, the answer's own words ("SUNAT las aceptó") say more than the stored state.
  const shown = save.data ?? status.data;

  return (
    <Card component="section" aria-labelledby={titleId} aria-describedby={helpId}>
      <CardHeader
        title={t.sunatCredentials.title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.sunatCredentials.help}
        </Typography>
        {status.isPending ? (
          <Skeleton variant="rounded" height={64} aria-label={t.common.loading} />
        ) : (
          shown && (
            <Box role="status" sx={{ mb: 2 }}>
              <CredentialsState status={shown} />
            </Box>
          )
        )}
        {showForm && !status.isPending && (
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
          >
            <Stack spacing={2}>
              <FormTextField
                control={form.control}
                name="clientId"
                label={t.sunatCredentials.clientId}
                required
                fullWidth
                autoComplete="off"
                spellCheck={false}
              />
              <FormPasswordField
                control={form.control}
                name="clientSecret"
                label={t.sunatCredentials.clientSecret}
                required
                fullWidth
                autoComplete="off"
              />
            </Stack>
            <FormError message={save.isError ? errorMessage(save.error) : null} />
            <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              {configured && editing && (
                <Button onClick={() => setEditing(false)}>{t.common.cancel}</Button>
              )}
              <SubmitButton pending={save.isPending}>{t.sunatCredentials.save}</SubmitButton>
            </Box>
          </form>
        )}
        {configured && !showForm && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t.sunatCredentials.remove}
            </Button>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t.sunatCredentials.replace}
            </Button>
          </Box>
        )}
        <FormError message={remove.isError ? errorMessage(remove.error) : null} />
        <FormError message={status.isError ? errorMessage(status.error) : null} />
      </CardContent>
    </Card>
  );
}
