import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useClientIssuers } from '../../api/get-client-issuers';
import { AddIssuerDialog } from './add-issuer-dialog';

/**
 * Under the documents' title of an account that sees only the issuers it
 * added: a document of another issuer is missing until it is added too.
 */
export function AddIssuerPrompt() {
  const { t, translate } = useI18n();
  const snackbar = useSnackbar();
  const access = useClientIssuers();
  const [open, setOpen] = useState(false);
  if (access.data?.verificado !== false) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t.addIssuer.dashboardHint}
      </Typography>
      <Button size="small" onClick={() => setOpen(true)}>
        {t.addIssuer.title}
      </Button>
      {open && (
        <AddIssuerDialog
          onAdded={(message) => {
            setOpen(false);
            snackbar.show({ message: translate(message), action: t.common.accept });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}
