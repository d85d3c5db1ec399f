import Dialog from '@mui/material/Dialog';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { KeyboardEvent, ReactNode } from 'react';

interface PhoneAwareDialogProps {
  onClose: () => void;
  /**
   * The ids of what names the dialog, when no DialogTitle does. MUI points the
   * dialog's name at its DialogTitle, which such a dialog lacks.
   */
  labelledBy?: string;
  /** The paper's size away from phones; the theme's seed width suits only small dialogs. */
  desktopPaper: SxProps<Theme>;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

/** An open dialog for a whole document or file: it fills a phone's screen. */
export function PhoneAwareDialog({
  onClose,
  labelledBy,
  desktopPaper,
  onKeyDown,
  children,
}: PhoneAwareDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      slotProps={{
        paper: { sx: phone ? { width: '100%', maxWidth: '100%' } : desktopPaper },
      }}
    >
      {children}
    </Dialog>
  );
}
