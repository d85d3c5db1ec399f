import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../testing/axe';
import { renderWithProviders } from '../../testing/render';
import { contactHref, contactText } from './contact-link';
import { Footer } from './footer';

function renderFooter(config = {}, language: 'es' | 'en' = 'es') {
  return renderWithProviders(<Footer />, { area: false, path: '/', config, language });
}

describe('Footer', () => {
  it('names the operator, links its contact and shows its legal note', async () => {
    const { container } = renderFooter({
      company: 'Gaspersoft EIRL',
      companyUrl: 'https://gaspersoft.pe',
      contact: 'soporte@gaspersoft.pe',
      legalNote: 'Gaspersoft EIRL, RUC 20606433094, Lima.',
    });
    const footer = screen.getByRole('contentinfo');
    const operator = screen.getByRole('link', { name: /Gaspersoft EIRL/ });
    expect(operator).toHaveAttribute('href', 'https://gaspersoft.pe');
    expect(operator).toHaveAttribute('rel', 'noopener noreferrer');
    expect(footer).toHaveTextContent('Portal operado por Gaspersoft EIRL');
    expect(screen.getByRole('link', { name: 'soporte@gaspersoft.pe' })).toHaveAttribute(
      'href',
      'mailto:soporte@gaspersoft.pe',
    );
    expect(screen.getByText('Gaspersoft EIRL, RUC 20606433094, Lima.')).toBeVisible();
    await expectNoSeriousViolations(container);
  });

  it("speaks the chosen language in its default legal line, and keeps an operator's own", () => {
    renderFooter({}, 'en');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Portal run by');
    expect(
      screen.getByText(
        'Documents are shown as their issuer published them; their validity can be checked with SUNAT.',
      ),
    ).toBeVisible();
    cleanup();
    renderFooter({ legalNote: 'Gaspersoft EIRL, RUC 20606433094, Lima.' }, 'en');
    expect(screen.getByText('Gaspersoft EIRL, RUC 20606433094, Lima.')).toBeVisible();
  });

  it('shows a contact configured as a mailto: link by its address', () => {
    renderFooter({ contact: 'mailto:soporte@gaspersoft.pe' });
    expect(screen.getByRole('link', { name: 'soporte@gaspersoft.pe' })).toHaveAttribute(
      'href',
      'mailto:soporte@gaspersoft.pe',
    );
  });

  it('shows a contact that is no address as text, and leaves out what is empty', () => {
    renderFooter({ contact: 'Mesa de partes, Av. Arequipa 123', legalNote: '' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Contacto: Mesa de partes, Av. Arequipa 123',
    );
    expect(screen.queryByRole('link', { name: /Mesa de partes/ })).toBeNull();
    expect(screen.getByRole('contentinfo').querySelectorAll('p')).toHaveLength(1);
  });
});

describe('contactHref', () => {
  it('leads e-mail addresses, phone numbers and web addresses where they belong', () => {
    expect(contactHref(' soporte@gaspersoft.pe ')).toBe('mailto:soporte@gaspersoft.pe');
    expect(contactHref('+51 (1) 555-0100')).toBe('tel:+5115550100');
    expect(contactHref('https://gaspersoft.pe/contacto')).toBe('https://gaspersoft.pe/contacto');
    expect(contactHref('javascript:alert(1)')).toBeNull();
    expect(contactHref('Lunes a viernes')).toBeNull();
    expect(contactHref('123')).toBeNull();
  });

  it('leads a contact configured as a mailto: or tel: link to its address, shown without it', () => {
    expect(contactHref('mailto:soporte@gaspersoft.pe')).toBe('mailto:soporte@gaspersoft.pe');
    expect(contactText(' MAILTO:soporte@gaspersoft.pe')).toBe('soporte@gaspersoft.pe');
    expect(contactHref('tel:+51 1 555 0100')).toBe('tel:+5115550100');
    expect(contactText('tel:+51 1 555 0100')).toBe('+51 1 555 0100');
    expect(contactText('https://gaspersoft.pe/contacto')).toBe('https://gaspersoft.pe/contacto');
  });
});
