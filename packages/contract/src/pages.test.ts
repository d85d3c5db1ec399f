import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.js';

describe('PAGES', () => {
  it('link to the pages the mails open, with their tokens escaped', () => {
    expect(PAGES.client.newPassword.href('a+b/c')).toBe('/client/password-reset?token=a%2Bb%2Fc');
    expect(PAGES.client.confirmEmail.href('t0k')).toBe('/client/email/confirm?token=t0k');
    expect(PAGES.client.confirmEmail.href()).toBe(PAGES.client.confirmEmail.path);
  });

  it("link to one document, with the list's query or the RUC of a notice", () => {
    expect(PAGES.client.document.href(7)).toBe('/client/documents/7');
    expect(PAGES.client.document.href(7, 'ruc=20415932376')).toBe(
      '/client/documents/7?ruc=20415932376',
    );
  });

  it('start the login with a RUC when given one', () => {
    expect(PAGES.client.login.href()).toBe('/client/login');
    expect(PAGES.client.login.href('20415932376')).toBe('/client/login?ruc=20415932376');
  });
});
