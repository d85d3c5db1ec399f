import Dialog from '@mui/material/Dialog';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

interface PhoneAwareDialogProps {
  onClose: () => void;
  /** The dialog's accessible name, when no DialogTitle gives it one. */
  label?: string;
  /** The paper's size away from phones; the theme's seed width suits only small dialogs. */
  desktopPaper: SxProps<Theme>;
  children: ReactNode;
}

/** An open dialog for a whole document or file: it fills a phone's screen. */
export function PhoneAwareDialog({
  onClose,
  label,
  desktopPaper,
  children,
}: PhoneAwareDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      slotProps={{
        paper: {
          'aria-label': label,
          sx: phone ? { width: '100%', maxWidth: '100%' } : desktopPaper,
        },
      }}
    >
      {children}
    </Dialog>
  );
}
