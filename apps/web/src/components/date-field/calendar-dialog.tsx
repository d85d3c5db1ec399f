import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { dateOfIsoDay, isoDayOf } from '../../lib/calendar-day';
import { DATE_LOCALES, PICKER_TEXTS } from '../form/date-locale';
import { theme } from '../theme/theme';

interface CalendarDialogProps {
  title: string;
  /** The day chosen so far, "YYYY-MM-DD", if any. */
  value: string | null;
  disableFuture?: boolean;
  onChoose: (isoDay: string) => void;
  onClose: () => void;
}

/**
 * The MUI date picker's calendar, in the user's language with weeks from
 * Sunday. Loaded only when someone opens it, so the form around it stays light.
 */
export function CalendarDialog({
  title,
  value,
  disableFuture = false,
  onChoose,
  onClose,
}: CalendarDialogProps) {
  const { t, language } = useI18n();
  const titleId = useId();
  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider
        dateAdapter={AdapterDateFns}
        adapterLocale={DATE_LOCALES[language]}
        localeText={PICKER_TEXTS[language]}
      >
        <Dialog
          open
          onClose={onClose}
          aria-labelledby={titleId}
          // A phone's width barely holds the 320 px calendar: narrow margins keep it whole and centred.
          slotProps={{ paper: { sx: { mx: { xs: 1, sm: 4 }, maxWidth: 'calc(100% - 16px)' } } }}
        >
          <DialogTitle id={titleId} sx={{ pb: 0 }}>
            {title}
          </DialogTitle>
          <DialogContent
            sx={{ px: { xs: 0, sm: 1 }, pb: 0, display: 'flex', justifyContent: 'center' }}
          >
            <DateCalendar
              value={value === null ? null : dateOfIsoDay(value)}
              disableFuture={disableFuture}
              onChange={(date: Date | null, selection) => {
                if (date !== null && selection === 'finish') onChoose(isoDayOf(date));
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t.common.cancel}</Button>
          </DialogActions>
        </Dialog>
      </LocalizationProvider>
    </ThemeProvider>
  );
}
