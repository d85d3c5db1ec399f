import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  DOCUMENT_ORIGINS,
  formatPeruvianDate,
  isDocumentTypeCode,
  type ClientDocumentsFilter,
  type DocumentOriginCode,
} from '@sufel/contract';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useClientCompanies } from '../../api/get-client-companies';

function isDocumentOrigin(value: string): value is DocumentOriginCode {
  return (DOCUMENT_ORIGINS as readonly string[]).includes(value);
}

/** A filter field as the form leaves it: text when given, else nothing. */
function given(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The filter without what narrows it beyond its dates. */
export function rangeOnly({ start, end }: ClientDocumentsFilter): ClientDocumentsFilter {
  return { start, end };
}

/**
 * An empty list says what was searched: the range, and each other filter that
 * narrowed it, with a way to drop those and search the range alone.
 */
export function NoDocuments({
  filter,
  onClear,
}: {
  filter: ClientDocumentsFilter;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const companies = useClientCompanies();
  const emisor = given(filter.emisor);
  const tipo = given(filter.tipoDoc);
  const issuerName = companies.data?.find((company) => company.ruc === emisor)?.nombre;
  const active: { label: string; value: string }[] = [];
  if (emisor !== null) {
    active.push({
      label: t.dashboard.issuer,
      value: issuerName === undefined ? emisor : `${issuerName} (${emisor})`,
    });
  }
  if (tipo !== null) {
    active.push({
      label: t.dashboard.type,
      value: isDocumentTypeCode(tipo) ? t.documentTypes[tipo].label : tipo,
    });
  }
  const serie = given(filter.serie);
  if (serie !== null) active.push({ label: t.dashboard.series, value: serie });
  const numero = given(filter.correlativo);
  if (numero !== null) active.push({ label: t.dashboard.number, value: numero });
  const origen = given(filter.origen);
  if (origen !== null) {
    active.push({
      label: t.documentOrigin.label,
      value: isDocumentOrigin(origen) ? t.documentOrigin[origen] : origen,
    });
  }

  return (
    <Box sx={{ py: 3, display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary">
        {t.dashboard.noRowsIn(formatPeruvianDate(filter.start), formatPeruvianDate(filter.end))}
        {active.length > 0 ? ` ${t.dashboard.withFilters}` : '.'}
      </Typography>
      {active.length > 0 && (
        <>
          <Box
            component="ul"
            aria-label={t.dashboard.activeFilters}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', m: 0, p: 0 }}
          >
            {active.map(({ label, value }) => (
              <Chip key={label} component="li" label={`${label}: ${value}`} variant="outlined" />
            ))}
          </Box>
          <Button variant="outlined" onClick={onClear}>
            {t.dashboard.clearFilters}
          </Button>
        </>
      )}
    </Box>
  );
}
