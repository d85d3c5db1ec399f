import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { renderWithProviders } from '../../../testing/render';
import { HomeCard } from './home-card';

describe('HomeCard', () => {
  it('offers the two consultations', async () => {
    const { user, currentPath, container } = renderWithProviders(<HomeCard />, { area: false });
    expect(screen.getByRole('heading', { name: 'Comprobantes electrónicos' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Consulta individual' })).toHaveAttribute(
      'href',
      '/document/login',
    );
    await user.click(screen.getByRole('link', { name: 'Consulta para empresas' }));
    expect(currentPath()).toBe('/client/login');
    await expectNoSeriousViolations(container);
  });
});
