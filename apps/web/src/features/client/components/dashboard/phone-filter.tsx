import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatPeruvianDate, type ClientDocumentsFilter, type SortField } from '@sufel/contract';
import { useId, useState } from 'react';
import { useI18n } from '../../../../i18n/i18n-provider';
import { useActiveFilters } from './active-filters';
import type { BrowserState } from './browser-url';
import { DocumentsFilter } from './documents-filter';

const SORTS = [
  'fecha-desc',
  'fecha-asc',
  'total-desc',
  'total-asc',
  'emisor-asc',
  'emisor-desc',
  'numero-asc',
  'tipo-asc',
] as const;
type SortChoice = (typeof SORTS)[number];

function sortOf(choice: string): BrowserState['sort'] {
  const [field, dir] = choice.split('-') as [SortField, 'asc' | 'desc'];
  return { field, dir };
}

/**
 * Phones: the list comes first. The filter form folds into "Filtros" (a
 * dialog that fills the screen), the filters in use show as chips that remove
 * themselves, and a select orders the list, as the grid's headers do on a desktop.
 */
export function PhoneFilterBar({
  state,
  onFilter,
  onSort,
  onInvalid,
}: {
  state: BrowserState;
  onFilter: (filter: ClientDocumentsFilter) => void;
  onSort: (sort: BrowserState['sort']) => void;
  onInvalid: (invalid: boolean) => void;
}) {
  const { t } = useI18n();
  const texts = t.dashboard.phone;
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const active = useActiveFilters(state.filter);
  const current = `${state.sort.field}-${state.sort.dir}`;
  const choices: readonly string[] = SORTS.includes(current as SortChoice)
    ? SORTS
    : [current, ...SORTS];
  const close = () => {
    setOpen(false);
    // What the closed form held is gone: the list answers the search in the address again.
    onInvalid(false);
  };
  const without = (field: keyof ClientDocumentsFilter) => {
    const next = { ...state.filter };
    delete next[field];
    onFilter(next);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          sx={{ minHeight: 40, flexShrink: 0 }}
        >
          {active.length === 0 ? texts.filters : texts.filtersCount(active.length)}
        </Button>
        <TextField
          select
          size="small"
          label={texts.sortBy}
          value={current}
          onChange={(event) => onSort(sortOf(event.target.value))}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {texts.sorts[choice as SortChoice] ?? choice}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box
        component="ul"
        aria-label={texts.applied}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
      >
        <li>
          <Chip
            size="small"
            label={`${texts.period}: ${formatPeruvianDate(state.filter.start)} – ${formatPeruvianDate(state.filter.end)}`}
            onClick={() => setOpen(true)}
          />
        </li>
        {active.map(({ field, label, value }) => (
          <li key={field}>
            <Chip
              size="small"
              variant="outlined"
              label={`${label}: ${value}`}
              aria-label={texts.remove(`${label}: ${value}`)}
              onClick={() => without(field)}
              onDelete={() => without(field)}
            />
          </li>
        ))}
      </Box>
      <Dialog open={open} onClose={close} fullScreen aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
          <Box component="span" sx={{ flex: 1 }}>
            {t.dashboard.filters}
          </Box>
          <IconButton aria-label={texts.close} onClick={close}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <DocumentsFilter
            bare
            initial={state.filter}
            onInvalid={onInvalid}
            onSearch={(filter) => {
              setOpen(false);
              onFilter(filter);
            }}
          />
        </DialogContent>
      </Dialog>
    </Box>
  );
}
