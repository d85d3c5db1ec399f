import type { Firma } from '@sufel/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../testing/axe';
import { dollarBoleta, factura, facturaDetail, voidedCreditNote } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { SignatureIcon, SignatureSection } from './signature-status';
import { SunatStatusChip, SunatStatusIcon, sunatStatusOf } from './sunat-status';

const signatureSection = () => screen.getByRole('region', { name: 'FIRMA DIGITAL' });

describe('SignatureSection', () => {
  it('names the signer, the RUC and the certificate validity of a valid signature', async () => {
    const { container } = renderWithProviders(<SignatureSection firma={factura.firma} />);
    expect(signatureSection()).toHaveTextContent(
      'Firma válida — firmado por NOMBRE REPRESENTANTE LEGAL (RUC 20606433094), certificado vigente del 20/11/2024 al 20/11/2026',
    );
    expect(within(signatureSection()).getByRole('note')).toBeInTheDocument();
    await expectNoSeriousViolations(container);
  });

  it('warns in red that an invalid signature means the XML was modified', () => {
    renderWithProviders(<SignatureSection firma={voidedCreditNote.firma} />);
    const alert = within(signatureSection()).getByRole('note');
    expect(alert).toHaveTextContent('El XML fue modificado después de firmarse');
    expect(alert.className).toMatch(/Error/);
    expect(screen.queryByText(/Firma válida/)).toBeNull();
  });

  it('says plainly when there is no signature', () => {
    renderWithProviders(<SignatureSection firma={dollarBoleta.firma} />);
    expect(signatureSection()).toHaveTextContent('Sin firma digital');
    expect(within(signatureSection()).getByRole('note').className).not.toMatch(/Error|Success/);
  });

  it('says when the issue date falls outside the certificate validity', () => {
    const late: Firma = { ...factura.firma!, emitido_en_vigencia: false };
    renderWithProviders(<SignatureSection firma={late} />);
    expect(signatureSection()).toHaveTextContent(
      'La fecha de emisión está fuera de la vigencia del certificado.',
    );
  });

  it('leaves out the RUC when the certificate has none, and waits for an unchecked one', () => {
    const { unmount } = renderWithProviders(
      <SignatureSection firma={{ ...factura.firma!, ruc: null }} />,
    );
    expect(signatureSection()).toHaveTextContent(/firmado por NOMBRE REPRESENTANTE LEGAL, cert/);
    unmount();
    renderWithProviders(<SignatureSection firma={null} />);
    expect(signatureSection()).toHaveTextContent(
      'La firma de este comprobante aún no fue verificada.',
    );
  });

  it('speaks English', () => {
    renderWithProviders(<SignatureSection firma={voidedCreditNote.firma} />, { language: 'en' });
    expect(screen.getByRole('region', { name: 'DIGITAL SIGNATURE' })).toHaveTextContent(
      'The XML was modified after it was signed',
    );
  });
});

describe('SUNAT status', () => {
  it.each([
    ['aceptado', 'Aceptado por SUNAT'],
    ['observado', 'Con observaciones'],
    ['sin_cdr', 'Sin CDR'],
    ['anulado', 'Anulado'],
  ] as const)('%s reads "%s", with its label for screen readers', (status, words) => {
    renderWithProviders(<SunatStatusChip status={status} />);
    expect(screen.getByText(words)).toBeInTheDocument();
    expect(screen.getByText(words).closest('[data-status]')).toHaveTextContent(
      `Estado ante SUNAT: ${words}`,
    );
  });

  it('an acceptance whose CDR lists notes is one with observations', () => {
    expect(sunatStatusOf('aceptado', facturaDetail.sunat)).toBe('aceptado');
    const noted = { ...facturaDetail.sunat!, observations: ['4252 - El dato ingresado…'] };
    expect(sunatStatusOf('aceptado', noted)).toBe('observado');
    expect(sunatStatusOf('anulado', noted)).toBe('anulado');
  });

  it('list icons carry their words for screen readers and in a tooltip', async () => {
    const { user } = renderWithProviders(
      <>
        <SunatStatusIcon status="observado" />
        <SignatureIcon firma={voidedCreditNote.firma} />
      </>,
      { language: 'en' },
    );
    expect(screen.getByText('With observations')).toHaveClass('visually-hidden');
    expect(screen.getByText('Invalid signature')).toHaveClass('visually-hidden');
    await user.hover(screen.getByText('With observations').parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('With observations');
  });
});
