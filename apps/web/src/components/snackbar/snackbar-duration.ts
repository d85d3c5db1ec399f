import { SNACKBAR } from '../../config/seed-constants';
import type { SnackbarRequest } from './snackbar-context';

/**
 * How long a message stays for a requested duration: 0 (or nothing) keeps it
 * until it is dismissed, and longer waits are capped because timers overflow
 * past 2^31 − 1 ms and would fire at once.
 */
export function autoHideDuration(duration = 0): number | null {
  if (!(duration > 0)) return null;
  return Math.min(duration, SNACKBAR.maxDuration);
}

/** How long a message stays: information hides itself, errors and progress wait for dismissal. */
export function durationOf(request: SnackbarRequest): number | null {
  const stays = request.severity === 'error' || request.progress === true;
  return autoHideDuration(request.duration ?? (stays ? 0 : SNACKBAR.infoDuration));
}
