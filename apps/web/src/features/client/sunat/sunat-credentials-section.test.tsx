import {
  SUNAT_VALIDITY_MESSAGES,
  type SunatCredentialsRequest,
  type SunatCredentialsStatus,
} from '@sufel/contract';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../testing/axe';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { SunatCredentialsSection } from './sunat-credentials-section';

const NONE: SunatCredentialsStatus = {
  configured: false,
  clientId: null,
  state: null,
  message: SUNAT_VALIDITY_MESSAGES.credentialsMissing,
  lastUsedAt: null,
};

/** The server's credentials, as the stand-in of SUNAT would judge them. */
function credentialsServer(accepted: string) {
  let status = NONE;
  server.use(
    http.get('/api/client/sunat-credentials', () => HttpResponse.json(status)),
    http.put('/api/client/sunat-credentials', async ({ request }) => {
      const body = (await request.json()) as SunatCredentialsRequest;
      if (body.clientSecret !== accepted) {
        return HttpResponse.json(
          {
            code: 'bad_request',
            message:
              'SUNAT no aceptó el client id y el client secret: revise las «Credenciales de API SUNAT» creadas en SOL.',
          },
          { status: 400 },
        );
      }
      status = {
        configured: true,
        clientId: '••••••••1234',
        state: 'accepted',
        message: 'SUNAT acepta estas credenciales.',
        lastUsedAt: '2026-11-25T15:30:00.000Z',
      };
      return HttpResponse.json({ ...status, message: SUNAT_VALIDITY_MESSAGES.credentialsAccepted });
    }),
    http.delete('/api/client/sunat-credentials', () => {
      status = NONE;
      return HttpResponse.json({ message: SUNAT_VALIDITY_MESSAGES.credentialsRemoved });
    }),
  );
}

describe('SunatCredentialsSection', () => {
  it('says SUNAT refused wrong credentials, keeps them out, then saves working ones', async () => {
    credentialsServer('secreto-bueno');
    const requests = recordRequests();
    const { user, container } = renderWithProviders(<SunatCredentialsSection />);
    expect(await screen.findByText(SUNAT_VALIDITY_MESSAGES.credentialsMissing)).toBeVisible();
    await expectNoSeriousViolations(container);

    await user.type(screen.getByLabelText(/Client ID/), 'cliente-1234');
    await user.type(screen.getByLabelText(/Client secret/), 'secreto-malo');
    await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
    expect(await screen.findByText(/SUNAT no aceptó el client id/)).toBeVisible();

    await user.clear(screen.getByLabelText(/Client secret/));
    await user.type(screen.getByLabelText(/Client secret/), 'secreto-bueno');
    await user.click(screen.getByRole('button', { name: 'Guardar y probar' }));
    expect(await screen.findByText('Credenciales guardadas: SUNAT las aceptó.')).toBeVisible();
    expect(screen.getByText('Client ID guardado: ••••••••1234')).toBeVisible();
    // Lima's time ends in "a. m.": nothing after it doubles that period.
    expect(
      screen.getByText('Última vez que SUNAT las aceptó: 25 nov. 2026, 10:30 a. m.'),
    ).toBeVisible();
    expect(screen.queryByLabelText(/Client secret/)).toBeNull();
    expect(requestsTo(requests, 'PUT', '/api/client/sunat-credentials').at(-1)?.body).toEqual({
      clientId: 'cliente-1234',
      clientSecret: 'secreto-bueno',
    });
  });

  it('removes them, and speaks English', async () => {
    credentialsServer('secreto-bueno');
    const { user } = renderWithProviders(<SunatCredentialsSection />, { language: 'en' });
    await user.type(await screen.findByLabelText(/Client ID/), 'cliente-1234');
    await user.type(screen.getByLabelText(/Client secret/), 'secreto-bueno');
    await user.click(screen.getByRole('button', { name: 'Save and try' }));
    expect(await screen.findByText('Credentials saved: SUNAT accepted them.')).toBeVisible();
    expect(screen.getByText('Last accepted by SUNAT: 25 Nov 2026, 10:30')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('SUNAT API credentials removed.')).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByText(
          'No SUNAT API credentials are saved. Enter them in your profile to check the status of your documents with SUNAT.',
        ),
      ).toBeVisible(),
    );
  });
});
