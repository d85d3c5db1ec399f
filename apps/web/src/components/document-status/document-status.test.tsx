import type { Firma } from '@sufel/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../testing/axe';
import { dollarBoleta, factura, voidedCreditNote } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { SignatureSection } from './signature-status';
import { VerdictAdvice, VerdictLabel } from './verdict-status';

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

describe('the verdict', () => {
  it.each([
    [
      'xml_alterado',
      'XML alterado: no use estos importes',
      'XML altered: do not use these amounts',
    ],
    ['anulado', 'Anulado', 'Voided'],
    ['rechazado', 'Rechazado por SUNAT', 'Rejected by SUNAT'],
    [
      'cdr_de_otro',
      'Constancia de SUNAT de otro comprobante',
      "SUNAT's receipt is for another document",
    ],
    ['observado', 'Aceptado con observaciones', 'Accepted with observations'],
    ['aceptado', 'Aceptado por SUNAT', 'Accepted by SUNAT'],
    ['sin_cdr', 'Sin constancia de SUNAT', 'No receipt from SUNAT'],
  ] as const)('%s reads "%s" on the page itself, never only in a tooltip', (verdict, es, en) => {
    const { unmount } = renderWithProviders(<VerdictLabel verdict={verdict} />);
    expect(screen.getByText(es)).toBeVisible();
    expect(screen.getByText(es)).not.toHaveClass('visually-hidden');
    expect(screen.queryByRole('tooltip')).toBeNull();
    unmount();
    renderWithProviders(<VerdictLabel verdict={verdict} />, { language: 'en' });
    expect(screen.getByText(en)).toBeVisible();
  });

  it('says where and what to check at SUNAT when no constancia vouches for the document', async () => {
    const { container, unmount } = renderWithProviders(<VerdictAdvice verdict="sin_cdr" />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'Verifique en SUNAT que el comprobante figure como aceptado con el RUC, serie, número, fecha y total de este documento.',
    );
    const link = within(note).getByRole('link', { name: /^Consultar en SUNAT/ });
    expect(link).toHaveAttribute(
      'href',
      'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsultaValidezCpe.htm',
    );
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoSeriousViolations(container);
    unmount();

    const other = renderWithProviders(<VerdictAdvice verdict="cdr_de_otro" />);
    expect(screen.getByRole('note')).toHaveTextContent(/responde a otro comprobante/);
    expect(screen.getByRole('link', { name: /^Consultar en SUNAT/ })).toBeVisible();
    other.unmount();

    for (const verdict of ['aceptado', 'observado', 'xml_alterado', 'anulado'] as const) {
      const { unmount: done } = renderWithProviders(<VerdictAdvice verdict={verdict} />);
      expect(screen.queryByRole('note')).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
      done();
    }
  });
});
