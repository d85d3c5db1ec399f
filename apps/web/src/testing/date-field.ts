import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types a day into a date field the way a keyboard user does: the digits, which it masks as dd/mm/aaaa. */
export async function typeDate(user: UserEvent, label: RegExp, digits: string): Promise<void> {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, digits);
}

/** The day a date field shows, as dd/mm/aaaa. */
export function shownDate(label: RegExp): string {
  return screen.getByLabelText<HTMLInputElement>(label).value;
}
