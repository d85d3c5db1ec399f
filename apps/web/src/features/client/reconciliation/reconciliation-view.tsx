import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  RECONCILIATION_GROUPS,
  type Reconciliation,
  type ReconciliationGroup,
  type ReconciliationItem,
} from '@sufel/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { FormError } from '../../../components/form/form-error';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatAmount } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import { MissingXmlDialog } from './missing-xml-dialog';
import {
  reconciliationItemsQuery,
  reconciliationQuery,
  useDownloadReconciliation,
  type ReconciliationFile,
} from './reconciliation-api';

function formatDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

function documentName(item: ReconciliationItem): string {
  return `${item.tipo} ${item.serie}-${item.numero}`;
}

function ItemRow({ item }: { item: ReconciliationItem }) {
  const { t, translate } = useI18n();
  const name = documentName(item);
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: '1.4fr 2fr 0.8fr 1fr 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box>
        {item.documentId === null ? (
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            href={paths.client.document.href(item.documentId)}
            aria-label={t.reconciliation.open(name)}
            sx={{ fontWeight: 500 }}
          >
            {name}
          </Link>
        )}
        {item.linea !== null && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t.reconciliation.line(item.linea)}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {item.emisor_nombre}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          {item.emisor}
        </Typography>
      </Typography>
      <Typography variant="body2">{formatDate(item.fecha)}</Typography>
      <Typography variant="body2">
        <Typography component="span" variant="caption" color="text.secondary">
          {t.reconciliation.totalSire}{' '}
        </Typography>
        {item.total_sire === null ? '—' : formatAmount(item.total_sire, item.moneda)}
      </Typography>
      <Typography variant="body2">
        <Typography component="span" variant="caption" color="text.secondary">
          {t.reconciliation.totalSufel}{' '}
        </Typography>
        {item.total_sufel === null ? '—' : formatAmount(item.total_sufel, item.moneda)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ gridColumn: '1 / -1', wordBreak: 'break-word' }}
      >
        {translate(item.motivo)}
      </Typography>
    </Box>
  );
}

function GroupItems({ id, group }: { id: number; group: ReconciliationGroup }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const items = useInfiniteQuery(reconciliationItemsQuery(id, group));
  if (items.isPending) return <Skeleton variant="rounded" height={160} />;
  if (items.isError) return <FormError message={errorMessage(items.error)} />;
  const rows = items.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>{t.reconciliation.empty}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((item) => (
          <ItemRow key={`${item.car}-${item.linea ?? item.documentId}`} item={item} />
        ))}
      </Box>
      {items.hasNextPage && (
        <Button onClick={() => void items.fetchNextPage()} loading={items.isFetchingNextPage}>
          {t.reconciliation.more}
        </Button>
      )}
    </>
  );
}

function Downloads({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const download = useDownloadReconciliation();
  const [asking, setAsking] = useState(false);
  const button = (file: ReconciliationFile, label: string) => (
    <Button
      variant="outlined"
      size="small"
      loading={download.isPending && download.variables.file === file}
      onClick={() => download.mutate({ id: reconciliation.id, file })}
    >
      {label}
    </Button>
  );
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }}>
        {button('xlsx', t.reconciliation.xlsx)}
        {button('csv', t.reconciliation.csv)}
        {button('zip', t.reconciliation.zip)}
        <Button
          variant="outlined"
          size="small"
          disabled={reconciliation.resumen.sin_xml === 0}
          onClick={() => setAsking(true)}
        >
          {t.reconciliation.askXml}
        </Button>
      </Stack>
      <FormError message={download.isError ? errorMessage(download.error) : null} />
      {asking && <MissingXmlDialog id={reconciliation.id} onClose={() => setAsking(false)} />}
    </>
  );
}

/** One reconciliation: its progress, its groups as tabs with their counts, its rows and files. */
export function ReconciliationView({ id }: { id: number }) {
  const { t, translate } = useI18n();
  const errorMessage = useErrorMessage();
  const query = useQuery(reconciliationQuery(id));
  const [group, setGroup] = useState<ReconciliationGroup>('sin_xml');
  if (query.isPending) return <Skeleton variant="rounded" height={240} />;
  if (query.isError) return <FormError message={errorMessage(query.error)} />;
  const reconciliation = query.data;
  if (reconciliation.estado === 'procesando') {
    const { filas, procesadas } = reconciliation;
    return (
      <Stack spacing={1} role="status">
        <Typography>
          {reconciliation.etapa === null ? '' : translate(reconciliation.etapa)}
          {filas > 0 && ` · ${t.reconciliation.processing(procesadas, filas)}`}
        </Typography>
        <LinearProgress
          variant={filas > 0 ? 'determinate' : 'indeterminate'}
          value={filas > 0 ? (100 * procesadas) / filas : 0}
          aria-label={t.reconciliation.processing(procesadas, filas)}
        />
      </Stack>
    );
  }
  if (reconciliation.estado === 'fallido') {
    return (
      <Alert severity="error">
        {t.reconciliation.failed}
        {reconciliation.mensaje !== null && `: ${translate(reconciliation.mensaje)}`}
      </Alert>
    );
  }
  return (
    <Box>
      <Downloads reconciliation={reconciliation} />
      {reconciliation.filasConError > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t.reconciliation.unreadable(reconciliation.filasConError)}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {reconciliation.errores.slice(0, 5).map((error) => (
              <li key={error.linea}>{translate(error.mensaje)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Tabs
        value={group}
        onChange={(_event, value: ReconciliationGroup) => setGroup(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t.reconciliation.groupsLabel}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {RECONCILIATION_GROUPS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={`${t.reconciliation.groups[name]} (${reconciliation.resumen[name]})`}
            id={`grupo-${name}`}
            aria-controls={`panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`panel-${group}`} aria-labelledby={`grupo-${group}`}>
        <GroupItems key={group} id={id} group={group} />
      </Box>
    </Box>
  );
}
