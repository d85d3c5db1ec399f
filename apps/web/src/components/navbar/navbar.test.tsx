import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../testing/axe';
import { renderWithProviders } from '../../testing/render';
import { Navbar } from './navbar';

function renderNavbar(config = {}) {
  return renderWithProviders(<Navbar />, { area: false, path: '/client/login', config });
}

describe('Navbar', () => {
  it('leads home from the logo and the product label', async () => {
    const { user, currentPath, container } = renderNavbar({
      product: 'Comprobantes',
      logo: '/marca.svg',
    });
    const home = screen.getByRole('link', { name: 'Comprobantes' });
    const logo = home.querySelector('img')!;
    expect(logo).toHaveAttribute('src', '/marca.svg');
    expect(logo).toHaveAttribute('height', '26');
    await user.click(home);
    expect(currentPath()).toBe('/');
    await expectNoSeriousViolations(container);
  });

  it('links to the company site in a new tab, safely', () => {
    renderNavbar({ company: 'Gaspersoft EIRL', companyUrl: 'https://gaspersoft.pe' });
    const company = screen.getByRole('link', { name: /Gaspersoft EIRL/ });
    expect(company).toHaveAttribute('href', 'https://gaspersoft.pe');
    expect(company).toHaveAttribute('target', '_blank');
    expect(company).toHaveAttribute('rel', 'noopener noreferrer');
    expect(company).toHaveAccessibleName('Gaspersoft EIRL (se abre en una pestaña nueva)');
    expect(company.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('switches the language, remembers it and updates <html lang>', async () => {
    const { user } = renderNavbar();
    await user.click(screen.getByRole('button', { name: 'EN: Cambiar el idioma a inglés' }));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('sufel.language')).toBe('en');
    expect(
      screen.getByRole('button', { name: 'ES: Switch the language to Spanish' }),
    ).toHaveTextContent('ES');
  });
});
