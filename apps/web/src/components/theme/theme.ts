import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS, DIALOG, DROPDOWN_PANEL, RIPPLE, TOOLTIP } from '../../config/seed-constants';

export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    primary: { main: '#7a51c1', dark: '#5b34a3', light: '#a27fdc', contrastText: '#fff' },
    secondary: { main: '#00796b' },
    background: { default: '#f5f5f5' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    // Only the 400 and 500 weights are shipped.
    fontWeightLight: 400,
    fontWeightBold: 500,
  },
  components: {
    MuiTooltip: {
      defaultProps: {
        enterDelay: TOOLTIP.showDelayMs,
        leaveDelay: TOOLTIP.hideDelayMs,
        enterTouchDelay: TOOLTIP.longPressMs,
        leaveTouchDelay: TOOLTIP.touchHideDelayMs,
      },
      styleOverrides: { tooltip: { maxWidth: TOOLTIP.maxWidth } },
    },
    MuiDialog: {
      defaultProps: {
        maxWidth: false,
        transitionDuration: { enter: DIALOG.enterMs, exit: DIALOG.exitMs },
      },
      styleOverrides: { paper: { maxWidth: DIALOG.maxWidth } },
    },
    MuiMenu: {
      styleOverrides: {
        paper: { maxHeight: DROPDOWN_PANEL.maxHeight, maxWidth: DROPDOWN_PANEL.maxWidth },
      },
    },
    MuiTouchRipple: {
      // MUI fixes the ripple's timing inside TouchRipple; the animations can still be retimed.
      styleOverrides: {
        ripple: {
          '&.MuiTouchRipple-rippleVisible': { animationDuration: `${RIPPLE.enterMs}ms` },
          '& .MuiTouchRipple-childLeaving': { animationDuration: `${RIPPLE.exitMs}ms` },
        },
      },
    },
  },
});
