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

describe('DocumentDetailSections of a perception receipt', () => {
  const receipt = DocumentDetailSchema.parse({
    ...facturaDetail,
    lines: [],
    taxes: [],
    payment: null,
    totals: {
      lineExtension: null,
      taxExclusive: null,
      taxInclusive: null,
      allowance: null,
      charge: null,
      prepaid: null,
      tax: null,
      payable: '205.60',
    },
    withholding: {
      type: '40',
      regime: '01',
      percent: '2.00',
      totalAmount: '205.60',
      totalPaid: '10485.76',
      documents: [
        {
          type: '01',
          documentNumber: 'F001-48',
          issueDate: '2025-02-10',
          total: '5900.00',
          currency: 'PEN',
          amount: '118.00',
          date: '2025-03-20',
          netTotal: '6018.00',
        },
        {
          type: '01',
          documentNumber: 'F001-49',
          issueDate: '2025-02-24',
          total: '1180.00',
          currency: 'USD',
          amount: '87.60',
          date: '2025-03-20',
          netTotal: '4467.76',
        },
      ],
    },
  });

  it('shows the regime and each covered document with what was perceived, instead of lines', () => {
    renderWithProviders(<DocumentDetailSections detail={receipt} />);
    const covered = screen.getByRole('region', { name: 'COMPROBANTES RELACIONADOS' });
    expect(covered).toHaveTextContent('RégimenPercepción venta interna (2 %)');
    expect(covered).toHaveTextContent('Tasa2 %');
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      'Factura F001-4810/02/2025S/ 5,900.0020/03/2025S/ 118.00S/ 6,018.00',
    );
    expect(rows[2]).toHaveTextContent('US$ 1,180.00');
    expect(screen.getByRole('region', { name: 'TOTALES' })).toHaveTextContent(
      'Total percibidoS/ 205.60Total cobradoS/ 10,485.76',
    );
    expect(screen.queryByRole('region', { name: 'DETALLE' })).toBeNull();
  });
});
