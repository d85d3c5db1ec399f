import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { es } from '../../../../i18n/es';
import { useI18n } from '../../../../i18n/i18n-provider';
import { todayIsoDay } from '../../../../lib/calendar-day';
import type { DayRange } from './date-ranges';

export interface QuickChoice {
  label: string;
  range: (today: string) => DayRange;
}

/** The refinement every start/end form shares: the end is checked, as it is typed last. */
export const RANGE_IN_ORDER: [
  check: (range: DayRange) => boolean,
  params: { message: string; path: string[] },
] = [(range) => range.start <= range.end, { message: es.dashboard.rangeInvalid, path: ['end'] }];

/** "Rangos rápidos": one button per range, which the form applies and searches at once. */
export function QuickRanges({
  choices,
  onChoose,
}: {
  choices: readonly QuickChoice[];
  onChoose: (range: DayRange) => void;
}) {
  const { t } = useI18n();
  const labelId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <Typography id={labelId} variant="body2" color="text.secondary">
        {t.dashboard.quickRanges}
      </Typography>
      {choices.map((choice) => (
        <Button
          key={choice.label}
          size="small"
          variant="outlined"
          onClick={() => onChoose(choice.range(todayIsoDay()))}
        >
          {choice.label}
        </Button>
      ))}
    </Box>
  );
}
