import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AddClientEmailRequestSchema,
  LoginPasswordSchema,
  type ClientEmail,
  type Message,
} from '@sufel/contract';
import { useId } from 'react';
import { FormError } from '../../../components/form/form-error';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SubmitButton } from '../../../components/spinner/submit-button';
import { useConfig } from '../../../config/config-context';
import { useI18n } from '../../../i18n/i18n-provider';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useAddClientEmail, useClientEmails, useRemoveClientEmail } from './emails-api';

/** A new address needs the account's current password (a pending one's link is mailed again without it). */
const AddFormSchema = AddClientEmailRequestSchema.pick({ address: true }).extend({
  password: LoginPasswordSchema,
});
const EMPTY = { address: '', password: '' };

function EmailRow({
  email,
  mail,
  onResend,
  onRemove,
  busy,
}: {
  email: ClientEmail;
  mail: boolean;
  onResend: () => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  return (
    <ListItem disableGutters divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', pr: 0 }}>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{email.address}</Typography>
        <Chip
          size="small"
          sx={{ mt: 0.5 }}
          color={email.confirmed ? 'success' : 'default'}
          variant="outlined"
          label={email.confirmed ? t.emails.confirmed : t.emails.pending}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {!email.confirmed && mail && (
          <Button
            size="small"
            onClick={onResend}
            disabled={busy}
            aria-label={t.emails.resendFor(email.address)}
          >
            {t.emails.resend}
          </Button>
        )}
        <IconButton
          onClick={onRemove}
          disabled={busy}
          aria-label={t.emails.removeFor(email.address)}
          title={t.emails.remove}
        >
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
    </ListItem>
  );
}

/** Where the profile's addresses are, for the sections that need one to link to. */
export const EMAILS_SECTION_ID = 'correos';

/** The receiver's e-mail addresses in the profile: each confirmed by a mailed link. */
export function EmailsSection() {
  const { t, translate, language } = useI18n();
  const { mail } = useConfig();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const emails = useClientEmails();
  const inform = ({ message }: Message) =>
    snackbar.show({ message: translate(message), action: t.common.accept, duration: 6000 });
  const form = useZodForm(AddFormSchema, { defaultValues: EMPTY });
  const add = useAddClientEmail((message) => {
    form.reset(EMPTY);
    inform(message);
  });
  const resend = useAddClientEmail(inform);
  const remove = useRemoveClientEmail(inform);
  const failure = [add, resend, remove].find((mutation) => mutation.isError)?.error;

  return (
    <Card
      component="section"
      id={EMAILS_SECTION_ID}
      aria-labelledby={titleId}
      // A link to this section stops below the fixed app bar.
      sx={{ scrollMarginTop: 80 }}
    >
      <CardHeader
        title={t.emails.title}
        subheader={t.emails.intro}
        slotProps={{
          title: { id: titleId, component: 'h2', variant: 'h6' },
          subheader: { color: 'text.secondary', variant: 'body2' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {!mail && <Alert severity="info">{t.emails.mailOff}</Alert>}
          {emails.isError ? (
            <Alert
              severity="error"
              action={<Button onClick={() => void emails.refetch()}>{t.common.reload}</Button>}
            >
              {t.emails.loadFailed}
            </Alert>
          ) : emails.data === undefined ? (
            <Typography color="text.secondary">{t.common.loading}</Typography>
          ) : emails.data.length === 0 ? (
            <Typography color="text.secondary">{t.emails.empty}</Typography>
          ) : (
            <List disablePadding aria-label={t.emails.title}>
              {emails.data.map((email) => (
                <EmailRow
                  key={email.id}
                  email={email}
                  mail={mail}
                  busy={resend.isPending || remove.isPending}
                  onResend={() =>
                    resend.mutate({ address: email.address, language: email.language })
                  }
                  onRemove={() => remove.mutate(email.id)}
                />
              ))}
            </List>
          )}
          {mail && (
            <form
              noValidate
              onSubmit={(event) =>
                void form.handleSubmit(({ address, password }) =>
                  add.mutate({ address, password, language }),
                )(event)
              }
            >
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <FormTextField
                  control={form.control}
                  name="address"
                  type="email"
                  label={t.emails.address}
                  maxLength={254}
                  autoComplete="email"
                  sx={{ flex: '1 1 240px' }}
                />
                <FormPasswordField
                  control={form.control}
                  name="password"
                  label={t.emails.password}
                  hint={t.emails.passwordWhy}
                  autoComplete="current-password"
                  sx={{ flex: '1 1 240px' }}
                />
                <SubmitButton pending={add.isPending} sx={{ mt: 1 }}>
                  {t.emails.add}
                </SubmitButton>
              </Box>
            </form>
          )}
          <FormError message={failure ? errorMessage(failure) : null} />
        </Stack>
      </CardContent>
    </Card>
  );
}
