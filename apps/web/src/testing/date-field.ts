import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a day into an MUI date field the way a keyboard user does: focus its
 * day section and type the digits, which move through day, month and year.
 */
export async function typeDate(user: UserEvent, label: RegExp, digits: string): Promise<void> {
  const field = screen.getByRole('group', { name: label });
  const [day] = within(field).getAllByRole('spinbutton');
  await user.click(day!);
  await user.keyboard(digits);
}

/** The day an MUI date field shows, as dd/MM/yyyy. */
export function shownDate(label: RegExp): string {
  const field = screen.getByRole('group', { name: label });
  return within(field)
    .getAllByRole('spinbutton')
    .map((section) => section.textContent)
    .join('/');
}
