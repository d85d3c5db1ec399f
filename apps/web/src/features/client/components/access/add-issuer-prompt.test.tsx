import { API_MESSAGES } from '@sufel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { setViewportWidth } from '../../../../testing/browser-gaps';
import { typeDate } from '../../../../testing/date-field';
import { factura, unverifiedAccess } from '../../../../testing/fixtures';
import { resetClientAccess } from '../../../../testing/msw/handlers';
import { recordRequests, requestsTo } from '../../../../testing/msw/recorder';
import { renderWithProviders } from '../../../../testing/render';
import { AddIssuerPrompt } from './add-issuer-prompt';
import { ReceiverAccessCard } from './receiver-access-card';

describe('AddIssuerPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2024, 10, 26, 10, 0) });
  });

  it('says an unverified account sees the issuers it added, and adds one in a dialog', async () => {
    const requests = recordRequests();
    const { user, container } = renderWithProviders(<AddIssuerPrompt />, { path: '/client' });
    expect(
      await screen.findByText('Ve los comprobantes de los emisores que agregó.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agregar emisor' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar emisor' });
    expect(within(dialog).getByLabelText(/RUC del emisor/)).toHaveFocus();
    await expectNoSeriousViolations(container);
    await user.type(within(dialog).getByLabelText(/RUC del emisor/), factura.emisor);
    await user.type(within(dialog).getByLabelText(/Serie-Correlativo/), 'F001-3');
    await typeDate(user, /Fecha de emisión/, '25112024');
    await user.type(within(dialog).getByLabelText(/^Total/), '1180');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar emisor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.issuerAlreadyOpen);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(requests, 'POST', '/api/client/issuers')).toHaveLength(1);
  });

  it('fills a phone screen with the form, and closes on Cancelar', async () => {
    setViewportWidth(390);
    const { user } = renderWithProviders(<AddIssuerPrompt />, { path: '/client' });
    await user.click(await screen.findByRole('button', { name: 'Agregar emisor' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar emisor' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing to a verified account, which sees every issuer', async () => {
    resetClientAccess({
      ...unverifiedAccess(),
      verificado: true,
      verificadoPor: 'operator',
      verificadoEn: '2025-03-05T15:00:00.000Z',
    });
    // The profile's card reads the same access: once it shows it, the prompt has decided.
    renderWithProviders(
      <>
        <AddIssuerPrompt />
        <ReceiverAccessCard />
      </>,
      { path: '/client' },
    );
    expect(await screen.findByText('Cuenta verificada')).toBeVisible();
    expect(screen.queryByText('Ve los comprobantes de los emisores que agregó.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar emisor' })).toBeNull();
  });
});
