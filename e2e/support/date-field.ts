import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types a day's digits into a date field, which masks them as dd/mm/aaaa. */
export async function typeDate(page: Page, label: string, ddmmyyyy: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill('');
  await field.pressSequentially(ddmmyyyy.replaceAll('/', ''));
  await expect(field.inputValue()).resolves.toBe(ddmmyyyy);
}
