import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import {
  ClientDocumentsFilterSchema,
  DOCUMENT_ORIGINS,
  DOCUMENT_TYPE_CODES,
  type ClientDocumentsFilter,
} from '@sufel/contract';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { DateField } from '../../../../components/date-field/date-field';
import { DayFieldSchema } from '../../../../components/date-field/day-schema';
import { FormSelectField } from '../../../../components/form/form-select-field';
import { FormTextField } from '../../../../components/form/form-text-field';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { useI18n } from '../../../../i18n/i18n-provider';
import { digitsOnly, upperCase } from '../../../../lib/normalize-input';
import { useClientCompanies } from '../../api/get-client-companies';
import { QUICK_RANGES, type DayRange, type QuickRange } from './date-ranges';
import { QuickRanges, RANGE_IN_ORDER } from './quick-ranges';

const FilterFormSchema = ClientDocumentsFilterSchema.extend({
  start: DayFieldSchema,
  end: DayFieldSchema,
}).refine(...RANGE_IN_ORDER);

/** Lists need a visible "all" choice: an empty value shown with its label. */
const showEmptyChoice = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

const QUICK_RANGE_NAMES = [
  'thisMonth',
  'previousMonth',
  'last90Days',
] as const satisfies readonly QuickRange[];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function DocumentsFilter({
  initial,
  onSearch,
  onInvalid,
  bare = false,
}: {
  initial: ClientDocumentsFilter;
  onSearch: (filter: ClientDocumentsFilter) => void;
  /** Whether the form holds what cannot be searched, so the last results no longer answer it. */
  onInvalid: (invalid: boolean) => void;
  /** Without its card and title, inside a dialog that has them (phones). */
  bare?: boolean;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const companies = useClientCompanies();
  const form = useZodForm(FilterFormSchema, {
    defaultValues: {
      emisor: '',
      tipoDoc: '',
      serie: '',
      correlativo: '',
      origen: '',
      ...initial,
    },
  });

  const issuerOptions = [
    { value: '', label: t.dashboard.allIssuers },
    ...(companies.data ?? []).map((company) => ({
      value: company.ruc,
      label: `${company.ruc} - ${company.nombre}`,
    })),
  ];
  const typeOptions = [
    { value: '', label: t.dashboard.allTypes },
    ...DOCUMENT_TYPE_CODES.map((code) => ({ value: code, label: t.documentTypes[code].label })),
  ];

  const originOptions = [
    { value: '', label: t.documentOrigin.all },
    ...DOCUMENT_ORIGINS.map((origin) => ({ value: origin, label: t.documentOrigin[origin] })),
  ];

  const [start, end] = useWatch({ control: form.control, name: ['start', 'end'] });
  const outOfOrder = ISO_DAY.test(start) && ISO_DAY.test(end) && start > end;
  const [refused, setRefused] = useState(false);
  const invalid = outOfOrder || refused;
  useEffect(() => onInvalid(invalid), [invalid, onInvalid]);

  const search = form.handleSubmit(
    (filter) => {
      setRefused(false);
      onSearch(filter);
    },
    () => setRefused(true),
  );
  const applyRange = (range: DayRange) => {
    form.setValue('start', range.start, { shouldValidate: true });
    form.setValue('end', range.end, { shouldValidate: true });
    void search();
  };

  const fields = (
    <>
      <QuickRanges
        choices={QUICK_RANGE_NAMES.map((name) => ({
          label: t.dashboard[name],
          range: QUICK_RANGES[name],
        }))}
        onChoose={applyRange}
      />
      <form noValidate onSubmit={(event) => void search(event)}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              // Twelfths, so "Nota de Crédito" fits its select whole at 1280 px.
              lg: 'repeat(12, minmax(0, 1fr))',
            },
          }}
        >
          <FormSelectField
            control={form.control}
            name="emisor"
            label={t.dashboard.issuer}
            fullWidth
            options={issuerOptions}
            slotProps={showEmptyChoice}
            sx={{ gridColumn: { sm: 'span 2', lg: 'span 4' } }}
          />
          <FormSelectField
            control={form.control}
            name="tipoDoc"
            label={t.dashboard.type}
            fullWidth
            options={typeOptions}
            slotProps={showEmptyChoice}
            sx={{ gridColumn: { lg: 'span 3' } }}
          />
          <FormTextField
            control={form.control}
            name="serie"
            label={t.dashboard.series}
            fullWidth
            maxLength={4}
            normalize={upperCase}
            autoComplete="off"
            sx={{ gridColumn: { lg: 'span 2' } }}
          />
          <FormTextField
            control={form.control}
            name="correlativo"
            label={t.dashboard.number}
            fullWidth
            maxLength={10}
            normalize={digitsOnly}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ gridColumn: { lg: 'span 3' } }}
          />
          <Box sx={{ gridColumn: { lg: 'span 3' } }}>
            <DateField control={form.control} name="start" label={t.dashboard.start} required />
          </Box>
          <Box sx={{ gridColumn: { lg: 'span 3' } }}>
            <DateField control={form.control} name="end" label={t.dashboard.end} required />
          </Box>
          <FormSelectField
            control={form.control}
            name="origen"
            label={t.documentOrigin.label}
            fullWidth
            options={originOptions}
            slotProps={showEmptyChoice}
            sx={{ gridColumn: { sm: 'span 2', lg: 'span 3' } }}
          />
          <Box
            sx={{
              gridColumn: { sm: 'span 2', lg: 'span 3' },
              display: 'flex',
              alignItems: 'flex-start',
              justifyContent: 'flex-end',
            }}
          >
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<SearchIcon />}
              sx={{ minHeight: 56, width: { xs: '100%', sm: 'auto' } }}
            >
              {t.dashboard.search}
            </Button>
          </Box>
        </Box>
        {companies.isError && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t.dashboard.companiesFailed}
          </Alert>
        )}
      </form>
    </>
  );
  if (bare) return fields;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={t.dashboard.filters}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'subtitle1' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{fields}</CardContent>
    </Card>
  );
}
