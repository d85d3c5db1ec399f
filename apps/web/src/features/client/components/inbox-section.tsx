import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InboxMail } from '@sufel/contract';
import { useId, type FocusEvent } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useInbox } from '../api/get-inbox';
import { FileOutcome } from './file-outcome';

const MAIL_COLORS = {
  pendiente: 'info',
  procesado: 'success',
  repetido: 'default',
  fallido: 'error',
} as const;

function MailEntry({ mail }: { mail: InboxMail }) {
  const { t, language, translate } = useI18n();
  const received = new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    timeZone: 'America/Lima',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(mail.recibido));
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={MAIL_COLORS[mail.estado]}
          label={t.inbox.mailStates[mail.estado]}
        />
        <Typography variant="body2" color="text.secondary">
          {received}
        </Typography>
      </Stack>
      <Typography variant="subtitle2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
        {mail.asunto === '' ? t.inbox.noSubject : mail.asunto}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {t.inbox.from} {mail.de}
      </Typography>
      {mail.motivo !== null && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate(mail.motivo)}
        </Typography>
      )}
      {mail.adjuntos.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }}
        >
          {mail.adjuntos.map((attachment, index) => (
            <FileOutcome key={index} file={attachment} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The receiver's own inbound address, to give its suppliers, and what arrived at it. */
export function InboxSection() {
  const { t } = useI18n();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const inbox = useInbox();
  const address = inbox.data?.pages[0]?.direccion ?? null;
  const mails = inbox.data?.pages.flatMap((page) => page.correos) ?? [];

  const copy = () => {
    if (address === null) return;
    navigator.clipboard.writeText(address).then(
      () => snackbar.show({ message: t.inbox.copied, action: t.common.accept }),
      () => snackbar.show({ message: t.inbox.copyFailed, action: t.common.accept }),
    );
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.inbox.title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {inbox.isPending ? (
          <Skeleton variant="rounded" height={96} aria-label={t.common.loading} />
        ) : address === null ? (
          <Alert severity="info">{t.inbox.off}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t.inbox.help}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                label={t.inbox.address}
                value={address}
                size="small"
                fullWidth
                // Long addresses wrap instead of hiding their end.
                multiline
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (event: FocusEvent<HTMLTextAreaElement>) => event.target.select(),
                  },
                }}
              />
              <Button variant="outlined" onClick={copy} sx={{ flexShrink: 0 }}>
                {t.inbox.copy}
              </Button>
            </Stack>
          </>
        )}
        {mails.length > 0 && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 3 }}>
              {t.inbox.log}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {mails.map((mail) => (
                <MailEntry key={mail.id} mail={mail} />
              ))}
            </Box>
          </>
        )}
        {address !== null && mails.length === 0 && !inbox.isPending && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t.inbox.empty}
          </Typography>
        )}
        {inbox.hasNextPage && (
          <Button
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
            sx={{ mt: 1 }}
          >
            {t.inbox.more}
          </Button>
        )}
        <FormError message={inbox.isError ? errorMessage(inbox.error) : null} />
      </CardContent>
    </Card>
  );
}
