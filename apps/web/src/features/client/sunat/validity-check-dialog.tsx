import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatPeruvianDate, type ValidityCheck } from '@sufel/contract';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { isHttpError } from '../../../lib/http-error';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useStartValidityCheck, useValidityCheck, useValidityChecks } from '../api/validity-checks';

interface Period {
  start: string;
  end: string;
}

function CheckProgress({ check }: { check: ValidityCheck }) {
  const { t, translate } = useI18n();
  const labelId = useId();
  const from = formatPeruvianDate(check.start);
  const to = formatPeruvianDate(check.end);
  const finished = check.done + check.failed;
  const percent = check.total === 0 ? 100 : Math.round((finished / check.total) * 100);
  return (
    <Box data-check-state={check.state}>
      <Typography id={labelId} variant="body2" sx={{ mb: 1 }}>
        {check.state === 'running'
          ? t.validityCheck.running(from, to)
          : t.validityCheck.finished(from, to)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={labelId}
        aria-valuetext={t.validityCheck.progress(check.done, check.failed, check.total)}
        color={check.failed > 0 ? 'warning' : 'primary'}
      />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.validityCheck.progress(check.done, check.failed, check.total)}
      </Typography>
      {check.skipped > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.validityCheck.skipped(check.skipped)}
        </Typography>
      )}
      {check.failures.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography variant="body2">{t.validityCheck.failures}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
            {check.failures.map((failure) => (
              <li key={failure.documentId}>
                {t.validityCheck.failure(failure.documentId, translate(failure.reason))}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}

/**
 * Checks every document of the period with SUNAT in the background, and
 * follows its progress. A check already running for the receiver shows in
 * its place, since only one runs at a time.
 */
export function ValidityCheckDialog({ period, onClose }: { period: Period; onClose: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const recent = useValidityChecks();
  const start = useStartValidityCheck();
  const [startedId, setStartedId] = useState<number | null>(null);
  const running = recent.data?.find((check) => check.state === 'running');
  const followedId = startedId ?? running?.id ?? null;
  const followed = useValidityCheck(followedId);
  const missingCredentials = start.isError && isHttpError(start.error, 409);

  const begin = () => start.mutate(period, { onSuccess: (started) => setStartedId(started.id) });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t.validityCheck.title}</DialogTitle>
      <DialogContent>
        {followedId === null ? (
          <Typography variant="body2">
            {t.validityCheck.period(
              formatPeruvianDate(period.start),
              formatPeruvianDate(period.end),
            )}
          </Typography>
        ) : followed.data === undefined ? (
          <LinearProgress aria-label={t.validityCheck.progressLabel} />
        ) : (
          <CheckProgress check={followed.data} />
        )}
        <FormError
          message={
            start.isError
              ? errorMessage(start.error)
              : followed.isError
                ? errorMessage(followed.error)
                : null
          }
        />
      </DialogContent>
      <DialogActions>
        {missingCredentials && (
          <Button component={Link} href={paths.client.profile.href()}>
            {t.validityCheck.credentials}
          </Button>
        )}
        <Button onClick={onClose}>{t.validityCheck.close}</Button>
        {followedId === null && (
          <SubmitButton type="button" pending={start.isPending || recent.isPending} onClick={begin}>
            {t.validityCheck.start}
          </SubmitButton>
        )}
        {followed.data?.state === 'done' && (
          <Button
            variant="contained"
            onClick={() => {
              setStartedId(null);
              start.reset();
              void recent.refetch();
            }}
          >
            {t.validityCheck.another}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
