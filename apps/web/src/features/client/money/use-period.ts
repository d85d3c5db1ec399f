import { DateInputSchema } from '@sufel/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { todayIsoDay } from '../../../lib/calendar-day';
import type { DayRange } from '../components/dashboard/date-ranges';

/** A day the address names, or null when it names none. */
function dayParam(params: URLSearchParams, name: string): string | null {
  const parsed = DateInputSchema.safeParse(params.get(name));
  return parsed.success ? parsed.data : null;
}

/**
 * The period a money view shows, kept in the address as the dashboard keeps
 * its range (`?desde=…&hasta=…`), so reload, back and a shared link show the
 * same list; without one, `fallback` of today.
 */
export function usePeriod(fallback: (today: string) => DayRange) {
  const [params, setParams] = useSearchParams();
  const start = dayParam(params, 'desde');
  const end = dayParam(params, 'hasta');
  const period = useMemo<DayRange>(
    () =>
      start !== null && end !== null && start <= end ? { start, end } : fallback(todayIsoDay()),
    [start, end, fallback],
  );
  const show = useCallback(
    (next: DayRange) => setParams(new URLSearchParams({ desde: next.start, hasta: next.end })),
    [setParams],
  );
  return [period, show] as const;
}
