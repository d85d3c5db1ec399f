import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { NOTICE_MODES, type NoticeMode } from '@sufel/contract';
import { useId } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useConfig } from '../../../config/config-context';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useNoticePreferences, useSetNoticePreferences } from '../api/notice-preferences';
import { useClientEmails } from '../emails/emails-api';
import { EMAILS_SECTION_ID } from '../emails/emails-section';

/** How the receiver is told of new documents: each one, a daily digest, or not at all. */
export function NoticePreferences() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const helpId = useId();
  const mailOn = useConfig().mail;
  const preferences = useNoticePreferences();
  const emails = useClientEmails();
  // Notices go to confirmed addresses only: without one, choosing them would send nothing.
  const noAddress = mailOn && emails.data !== undefined && !emails.data.some((e) => e.confirmed);
  const canNotify = mailOn && !noAddress;
  const save = useSetNoticePreferences({
    onSuccess: () => snackbar.show({ message: t.notices.saved, action: t.common.accept }),
  });
  const current = save.isPending ? save.variables.mode : preferences.data?.mode;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.notices.title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.notices.help}
        </Typography>
        {!mailOn && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t.notices.mailOff}
          </Alert>
        )}
        {noAddress && (
          <Alert
            severity="info"
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" href={`#${EMAILS_SECTION_ID}`}>
                {t.notices.addAddress}
              </Button>
            }
          >
            {t.notices.needsAddress}
          </Alert>
        )}
        {preferences.isPending ? (
          <Skeleton variant="rounded" height={120} aria-label={t.common.loading} />
        ) : (
          <RadioGroup
            aria-labelledby={titleId}
            aria-describedby={helpId}
            value={current ?? 'none'}
            onChange={(_event, value) => save.mutate({ mode: value as NoticeMode })}
          >
            {NOTICE_MODES.map((mode) => (
              <FormControlLabel
                key={mode}
                value={mode}
                control={<Radio />}
                label={t.notices.modes[mode]}
                disabled={save.isPending || (!canNotify && mode !== 'none')}
              />
            ))}
          </RadioGroup>
        )}
        <FormError
          message={
            save.isError
              ? errorMessage(save.error)
              : preferences.isError
                ? errorMessage(preferences.error)
                : null
          }
        />
      </CardContent>
    </Card>
  );
}
