import { DocumentDetailSchema } from '@sufel/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { facturaDetail } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { DocumentDetailSections } from './document-detail-sections';

const paymentSection = () => screen.getByRole('region', { name: 'PAGO' });

describe('DocumentDetailSections payment', () => {
  it('shows the percepción and the IGV retention as declared, with their base', () => {
    const detail = DocumentDetailSchema.parse({
      ...facturaDetail,
      payment: {
        method: 'Credito',
        pendingAmount: '1144.60',
        installments: [{ id: 'Cuota001', amount: '1144.60', dueDate: '2025-04-16' }],
        detraction: null,
        perception: {
          code: '51',
          percent: '2.00',
          amount: '66.08',
          base: '3304.00',
          currency: 'PEN',
        },
        retention: { percent: '3.00', amount: '35.40', base: '1180.00', currency: 'PEN' },
      },
    });
    renderWithProviders(<DocumentDetailSections detail={detail} />);
    expect(paymentSection()).toHaveTextContent('Percepción (51)2 % · S/ 66.08 sobre S/ 3,304.00');
    expect(paymentSection()).toHaveTextContent('Retención del IGV3 % · S/ 35.40 sobre S/ 1,180.00');
    expect(paymentSection()).toHaveTextContent('Cuota Cuota001S/ 1,144.60 · Vence 16/04/2025');
  });

  it('says a detraction only a legend announces has no declared amount', () => {
    const detail = DocumentDetailSchema.parse({
      ...facturaDetail,
      payment: {
        method: null,
        pendingAmount: null,
        installments: [],
        detraction: {
          code: null,
          percent: null,
          amount: null,
          account: null,
          legendOnly: true,
        },
      },
    });
    renderWithProviders(<DocumentDetailSections detail={detail} />);
    expect(paymentSection()).toHaveTextContent(
      'DetracciónOperación sujeta a detracción (el comprobante no declara el importe)',
    );
  });
});
