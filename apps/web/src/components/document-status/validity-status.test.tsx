import type { Validity } from '@sufel/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ValiditySection, ValidityWarningWords } from './validity-status';

const ANNULLED: Validity = {
  estadoCp: '2',
  estadoRuc: '00',
  condDomiRuc: '12',
  observaciones: ['- El comprobante de pago consultado ha sido emitido a otro contribuyente.'],
  checkedAt: '2026-11-25T15:30:00.000Z',
};

describe('SUNAT’s current state', () => {
  it('names every code in words beside it, and flags what the accountant must know', () => {
    renderWithProviders(<ValiditySection validity={ANNULLED} />);
    expect(
      screen.getByText('Anulado en SUNAT · Emitido a otro contribuyente · Proveedor NO HABIDO'),
    ).toBeVisible();
    expect(screen.getByText('Anulado (2)')).toBeVisible();
    expect(screen.getByText('Activo (00)')).toBeVisible();
    expect(screen.getByText('No habido (12)')).toBeVisible();
    expect(screen.getByText(/emitido a otro contribuyente\.$/)).toBeVisible();
  });

  it('says when it was never asked, and a code it has no words for', () => {
    const { unmount } = renderWithProviders(<ValiditySection validity={null} />);
    expect(
      screen.getByText('Aún no se consultó en SUNAT el estado actual de este comprobante.'),
    ).toBeVisible();
    unmount();
    renderWithProviders(
      <ValiditySection
        validity={{
          ...ANNULLED,
          estadoCp: '1',
          estadoRuc: '99',
          condDomiRuc: '00',
          observaciones: [],
        }}
      />,
      { language: 'en' },
    );
    expect(screen.getByText("Supplier's RUC not active")).toBeVisible();
    expect(screen.getByText('Code 99')).toBeVisible();
  });

  it('writes under a list row only what SUNAT warns of, in words', () => {
    const { container } = renderWithProviders(
      <>
        <ValidityWarningWords doc={{ avisos_sunat: [] }} />
        <ValidityWarningWords doc={{}} />
        <ValidityWarningWords doc={{ avisos_sunat: ['anulado', 'proveedor_no_habido'] }} />
      </>,
    );
    expect(container.querySelectorAll('[data-warnings]')).toHaveLength(1);
    expect(screen.getByText('Anulado en SUNAT · Proveedor NO HABIDO')).toBeVisible();
  });
});
