import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useId } from 'react';
import { z } from 'zod';
import { DateField } from '../../../components/date-field/date-field';
import { DayFieldSchema } from '../../../components/date-field/day-schema';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useI18n } from '../../../i18n/i18n-provider';
import type { DayRange } from '../components/dashboard/date-ranges';
import {
  QuickRanges,
  RANGE_IN_ORDER,
  type QuickChoice,
} from '../components/dashboard/quick-ranges';

const PeriodFormSchema = z
  .object({ start: DayFieldSchema, end: DayFieldSchema })
  .refine(...RANGE_IN_ORDER);

export interface PeriodFilterProps {
  title: string;
  startLabel: string;
  endLabel: string;
  choices: readonly QuickChoice[];
  period: DayRange;
  onShow: (period: DayRange) => void;
}

/** A money view's period: the dashboard's quick ranges and date fields, and "Buscar". */
export function PeriodFilter({
  title,
  startLabel,
  endLabel,
  choices,
  period,
  onShow,
}: PeriodFilterProps) {
  const { t } = useI18n();
  const titleId = useId();
  const form = useZodForm(PeriodFormSchema, { defaultValues: period });
  const search = form.handleSubmit(onShow);
  const applyRange = (range: DayRange) => {
    form.setValue('start', range.start, { shouldValidate: true });
    form.setValue('end', range.end, { shouldValidate: true });
    void search();
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'subtitle1' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <QuickRanges choices={choices} onChoose={applyRange} />
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void search(event)}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr)) auto' },
          }}
        >
          <DateField control={form.control} name="start" label={startLabel} required />
          <DateField control={form.control} name="end" label={endLabel} required />
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SearchIcon />}
            sx={{ minHeight: 56, alignSelf: 'start' }}
          >
            {t.dashboard.search}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
