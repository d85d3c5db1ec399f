import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Reconciliation } from '@sufel/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import {
  sireCredentialsQuery,
  useDownloadFromSire,
  useRemoveSireCredentials,
  useSaveSireCredentials,
} from './reconciliation-api';

/** The last month that has ended, AAAAMM: the period most often reconciled. */
function lastPeriod(today = new Date()): string {
  const month = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${month.getFullYear()}${String(month.getMonth() + 1).padStart(2, '0')}`;
}

const EMPTY = { clientId: '', clientSecret: '', usuarioSol: '', claveSol: '' };

function CredentialsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const [fields, setFields] = useState(EMPTY);
  const save = useSaveSireCredentials();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(fields, {
      onSuccess: () => {
        setFields(EMPTY);
        onSaved();
      },
    });
  };
  const field = (name: keyof typeof EMPTY, secret = false) => (
    <TextField
      label={t.reconciliation[name]}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      type={secret ? 'password' : 'text'}
      autoComplete={secret ? 'new-password' : 'off'}
      required
      size="small"
      fullWidth
    />
  );
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate={false}>
      <Typography variant="body2" color="text.secondary">
        {t.reconciliation.credentialsHelp}
      </Typography>
      {field('clientId')}
      {field('clientSecret', true)}
      {field('usuarioSol')}
      {field('claveSol', true)}
      <Button type="submit" variant="outlined" loading={save.isPending} sx={{ alignSelf: 'start' }}>
        {t.reconciliation.save}
      </Button>
      <FormError message={save.isError ? errorMessage(save.error) : null} />
    </Stack>
  );
}

/** "Descargar de SUNAT": the period's proposal straight from SIRE, and the credentials it needs. */
export function SireDownloadCard({ onStarted }: { onStarted: (started: Reconciliation) => void }) {
  const { t, translate } = useI18n();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const credentials = useQuery(sireCredentialsQuery);
  const remove = useRemoveSireCredentials();
  const download = useDownloadFromSire();
  const [period, setPeriod] = useState(lastPeriod);
  const [editing, setEditing] = useState(false);
  const status = credentials.data;
  const configured = status?.configured === true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    download.mutate(period.trim(), { onSuccess: onStarted });
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.reconciliation.sireTitle}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.reconciliation.sireHelp}
        </Typography>
        {configured && (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            onSubmit={submit}
            sx={{ mb: 2, alignItems: { sm: 'center' } }}
          >
            <TextField
              label={t.reconciliation.period}
              value={period}
              onChange={(event) => setPeriod(event.target.value)}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <Button type="submit" variant="contained" loading={download.isPending}>
              {t.reconciliation.download}
            </Button>
          </Stack>
        )}
        <FormError message={download.isError ? errorMessage(download.error) : null} />
        <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
          {t.reconciliation.credentials}
        </Typography>
        {status !== undefined && (
          <Alert
            severity={status.state === 'accepted' ? 'success' : configured ? 'warning' : 'info'}
            sx={{ my: 1 }}
          >
            {translate(status.message)}
            {configured && status.clientId !== null && status.usuarioSol !== null && (
              <>
                <br />
                {t.reconciliation.savedAs(status.clientId, status.usuarioSol)}
              </>
            )}
          </Alert>
        )}
        {!configured || editing ? (
          <CredentialsForm onSaved={() => setEditing(false)} />
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button onClick={() => setEditing(true)}>{t.reconciliation.change}</Button>
            <Button color="error" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t.reconciliation.remove}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
