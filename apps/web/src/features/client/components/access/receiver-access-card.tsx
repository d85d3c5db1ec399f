import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReceiverAccess } from '@sufel/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { paths } from '../../../../config/paths';
import { useI18n } from '../../../../i18n/i18n-provider';
import { formatLimaDay } from '../../../../lib/format';
import { useClientIssuers } from '../../api/get-client-issuers';
import { LoadFailed } from '../load-failed';
import { AddIssuerForm } from './add-issuer-form';
import { ContactOperator } from './operator-contact';

function VerifiedAccount({ access }: { access: ReceiverAccess }) {
  const { t, language } = useI18n();
  const { verificadoPor, verificadoEn } = access;
  return (
    <Alert severity="success">
      <AlertTitle>{t.receiverAccess.verified}</AlertTitle>
      {verificadoPor !== null && verificadoEn !== null && (
        <Typography variant="body2">
          {t.receiverAccess.verifiedBy[verificadoPor](formatLimaDay(verificadoEn, language))}
        </Typography>
      )}
      <Typography variant="body2">{t.receiverAccess.seesAll}</Typography>
    </Alert>
  );
}

/** The issuers an unverified account proved, and how it gets to see them all. */
function GrantedIssuers({ access }: { access: ReceiverAccess }) {
  const { t, language } = useI18n();
  const listId = useId();
  return (
    <Stack spacing={2}>
      <Typography id={listId} variant="body2">
        {access.emisores.length === 0 ? t.receiverAccess.noneGranted : t.receiverAccess.granted}
      </Typography>
      {access.emisores.length > 0 && (
        <List
          aria-labelledby={listId}
          disablePadding
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {access.emisores.map((issuer, index) => (
            <ListItem key={issuer.ruc} divider={index < access.emisores.length - 1}>
              <ListItemText
                primary={issuer.nombre}
                secondary={t.receiverAccess.issuer(
                  issuer.ruc,
                  formatLimaDay(issuer.desde, language),
                )}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="body2" color="text.secondary">
        {t.receiverAccess.perIssuer}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <ContactOperator sentence={t.receiverAccess.howToVerify} contact={access.contacto} />{' '}
        {t.receiverAccess.sire}{' '}
        <Link component={RouterLink} href={paths.client.reconciliation.href()}>
          {t.clientLayout.reconciliation}
        </Link>
        .
      </Typography>
    </Stack>
  );
}

/**
 * Which issuers' documents the account sees: all of them once verified, else
 * those it proved, with "Agregar emisor" to prove one more.
 */
export function ReceiverAccessCard() {
  const { t, translate } = useI18n();
  const snackbar = useSnackbar();
  const titleId = useId();
  const access = useClientIssuers();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const formClosed = useRef(false);

  // Keyboard users go on from where they opened the form, which also brings the list into view.
  useEffect(() => {
    if (adding || !formClosed.current) return;
    formClosed.current = false;
    addButton.current?.focus();
  }, [adding]);

  const close = () => {
    formClosed.current = true;
    setAdding(false);
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.receiverAccess.title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {access.isPending ? (
          <Skeleton variant="rounded" height={96} aria-label={t.common.loading} />
        ) : access.isError ? (
          <LoadFailed onRetry={() => void access.refetch()}>
            {t.receiverAccess.loadFailed}
          </LoadFailed>
        ) : access.data.verificado ? (
          <VerifiedAccount access={access.data} />
        ) : (
          <Stack spacing={3}>
            <GrantedIssuers access={access.data} />
            {adding ? (
              <AddIssuerForm
                onAdded={(message) => {
                  close();
                  snackbar.show({ message: translate(message), action: t.common.accept });
                }}
                onCancel={close}
              />
            ) : (
              <Button
                ref={addButton}
                variant="outlined"
                onClick={() => setAdding(true)}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t.addIssuer.title}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
