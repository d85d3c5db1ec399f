import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ChallengeProgress } from './challenge-progress';

describe('ChallengeProgress', () => {
  it('says in words that the browser verifies by itself, and how far it is', () => {
    renderWithProviders(<ChallengeProgress progress={{ fraction: 0.25, level: 'target' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Verificación de seguridad: su navegador hace un cálculo de alrededor de un segundo, por sí solo…',
    );
    expect(screen.getByRole('progressbar')).toHaveValue(25);
  });

  it('says why the verification takes longer when the connection had many failures', () => {
    renderWithProviders(<ChallengeProgress progress={{ fraction: 0, level: 'address' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Hubo muchos intentos fallidos desde su conexión\. .*cálculo de unos segundos/,
    );
  });

  it('shows nothing while no verification runs', () => {
    renderWithProviders(<ChallengeProgress progress={null} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
