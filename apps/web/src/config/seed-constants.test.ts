import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  DIALOG,
  DROPDOWN_PANEL,
  RIPPLE,
  SNACKBAR,
  SPINNER,
  TOOLTIP,
  WEEK_STARTS_ON,
} from './seed-constants';

// The original portal's constants, as its brief states them.
describe('seed constants', () => {
  it('break the layout at 600, 960, 1280 and 1920 px', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
  });

  it('hide information after 5 s, bottom centre, waits capped at 2147483647 ms', () => {
    expect(SNACKBAR).toEqual({
      infoDuration: 5000,
      maxDuration: 2147483647,
      anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
    });
  });

  it('bound dropdown panels to 256 × 280 px', () => {
    expect(DROPDOWN_PANEL).toEqual({ maxHeight: 256, maxWidth: 280 });
  });

  it('draw spinners 100 px wide, stroke a tenth of that, values 0–100', () => {
    expect(SPINNER).toEqual({ diameter: 100, minValue: 0, maxValue: 100, strokeRatio: 0.1 });
  });

  it('open dialogs up to 80vw in 150 ms and close them in 75 ms', () => {
    expect(DIALOG).toEqual({ maxWidth: '80vw', enterMs: 150, exitMs: 75 });
  });

  it('show tooltips at once, 250 px wide, 1500 ms after a touch, on a 500 ms long press', () => {
    expect(TOOLTIP).toEqual({
      maxWidth: 250,
      showDelayMs: 0,
      hideDelayMs: 0,
      touchHideDelayMs: 1500,
      longPressMs: 500,
    });
  });

  it('ripple in 450 ms and out in 400 ms', () => {
    expect(RIPPLE).toEqual({ enterMs: 450, exitMs: 400 });
  });

  it('start weeks on Sunday and format in en-US dollars by default', () => {
    expect(WEEK_STARTS_ON).toBe(0);
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(DEFAULT_CURRENCY).toBe('USD');
  });
});
