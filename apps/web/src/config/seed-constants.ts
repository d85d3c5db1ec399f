/**
 * The look-and-feel constants of the original portal. The MUI theme and the
 * shared components carry them, so every screen honours them by default.
 */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;

/** 0 keeps a message until it is dismissed; setTimeout cannot wait longer than the cap. */
export const SNACKBAR = {
  /** How long information stays; errors and work under way stay until dismissed. */
  infoDuration: 5000,
  maxDuration: 2_147_483_647,
  anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
} as const;

export const DROPDOWN_PANEL = { maxHeight: 256, maxWidth: 280 } as const;

export const SPINNER = { diameter: 100, minValue: 0, maxValue: 100, strokeRatio: 0.1 } as const;

export const DIALOG = { maxWidth: '80vw', enterMs: 150, exitMs: 75 } as const;

export const TOOLTIP = {
  maxWidth: 250,
  showDelayMs: 0,
  hideDelayMs: 0,
  touchHideDelayMs: 1500,
  longPressMs: 500,
} as const;

export const RIPPLE = { enterMs: 450, exitMs: 400 } as const;

/** date-fns numbering: 0 is Sunday. */
export const WEEK_STARTS_ON = 0;

/** For generic number formatting; a document's amounts use its own currency. */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
