import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { BREAKPOINTS, DIALOG, DROPDOWN_PANEL, RIPPLE, TOOLTIP } from '../../config/seed-constants';

/**
 * The keyboard focus ring of every control, as global.css draws it for plain
 * elements: MUI's own focus is a faint background, too weak to be seen.
 */
const FOCUS_RING = { outline: '2px solid #5b34a3', outlineOffset: 2 } as const;
/** Inside what clips its overflow (menus, lists, grid cells), drawn within the control. */
const INNER_FOCUS_RING = { ...FOCUS_RING, outlineOffset: -2 } as const;

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
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': FOCUS_RING,
          // On the purple top bar the ring is white, as for the bar's plain links.
          '.navbar &.Mui-focusVisible': { outlineColor: '#fff' },
        },
      },
    },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INNER_FOCUS_RING } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INNER_FOCUS_RING } } },
    MuiDataGrid: {
      styleOverrides: {
        root: {
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': INNER_FOCUS_RING,
        },
      },
    },
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
