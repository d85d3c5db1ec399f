import { SNACKBAR } from '../../config/seed-constants';

/**
 * How long a message stays for a requested duration: 0 (or nothing) keeps it
 * until it is dismissed, and longer waits are capped because timers overflow
 * past 2^31 − 1 ms and would fire at once.
 */
export function autoHideDuration(duration: number = SNACKBAR.defaultDuration): number | null {
  if (!(duration > 0)) return null;
  return Math.min(duration, SNACKBAR.maxDuration);
}
