import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Reconciliation } from '@sufel/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { reconciliationListQuery, useUploadProposal } from './reconciliation-api';
import { ReconciliationView } from './reconciliation-view';
import { SireDownloadCard } from './sire-download-card';

function formatPeriod(period: string): string {
  return `${period.slice(4, 6)}/${period.slice(0, 4)}`;
}

function UploadCard({ onImported }: { onImported: (done: Reconciliation) => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(0);
  const upload = useUploadProposal(setSent);
  const choose = (file: File | undefined) => {
    if (file === undefined) return;
    setSent(0);
    upload.mutate(file, { onSuccess: onImported });
  };
  const percent = Math.round(sent * 100);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.reconciliation.uploadTitle}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.reconciliation.uploadHelp}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".txt,.csv,.zip,text/plain,text/csv,application/zip"
          hidden
          data-testid="proposal-file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="contained"
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {t.reconciliation.choose}
        </Button>
        {upload.isPending && (
          <Stack spacing={0.5} sx={{ mt: 2 }} role="status">
            <Typography variant="body2">{t.reconciliation.uploading(percent)}</Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t.reconciliation.uploading(percent)}
            />
          </Stack>
        )}
        <FormError message={upload.isError ? errorMessage(upload.error) : null} />
      </CardContent>
    </Card>
  );
}

/**
 * "Conciliación SIRE": SUNAT's purchase-register proposal, uploaded or
 * downloaded from SIRE, against the documents held here, group by group.
 */
export function ReconciliationPage() {
  const { t } = useI18n();
  const titleId = useId();
  const list = useQuery(reconciliationListQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const reconciliations = list.data ?? [];
  const shown = chosen ?? reconciliations[0]?.id ?? null;
  const started = (reconciliation: Reconciliation) => setChosen(reconciliation.id);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <div>
        <Typography component="h1" variant="h5">
          {t.reconciliation.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.reconciliation.intro}
        </Typography>
      </div>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'start' }}>
        <Stack sx={{ flex: 1, width: '100%' }}>
          <UploadCard onImported={started} />
        </Stack>
        <Stack sx={{ flex: 1, width: '100%' }}>
          <SireDownloadCard onStarted={started} />
        </Stack>
      </Stack>
      <Card component="section" aria-labelledby={titleId}>
        <CardContent>
          <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 2 }}>
            {t.reconciliation.history}
          </Typography>
          {list.isSuccess && reconciliations.length === 0 && (
            <Typography>{t.reconciliation.none}</Typography>
          )}
          <FormError message={list.isError ? t.common.unexpectedError : null} />
          {shown !== null && (
            <>
              <TextField
                select
                size="small"
                label={t.reconciliation.history}
                value={reconciliations.some((item) => item.id === shown) ? shown : ''}
                onChange={(event) => setChosen(Number(event.target.value))}
                sx={{ minWidth: 260, mb: 2 }}
              >
                {reconciliations.map((item) => (
                  <MenuItem key={item.id} value={item.id}>
                    {t.reconciliation.choice(
                      formatPeriod(item.periodo),
                      t.reconciliation.origins[item.origen],
                      t.reconciliation.states[item.estado],
                    )}
                    {item.archivo === null ? '' : ` · ${item.archivo}`}
                  </MenuItem>
                ))}
              </TextField>
              <ReconciliationView key={shown} id={shown} />
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
