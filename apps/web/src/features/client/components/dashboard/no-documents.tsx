import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatPeruvianDate, type ClientDocumentsFilter } from '@sufel/contract';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useActiveFilters } from './active-filters';

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
  const active = useActiveFilters(filter);

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
