import { SUNAT_VALIDITY_MESSAGES, type ValidityCheck } from '@sufel/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, requestsTo } from '../../../testing/msw/recorder';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { ValidityCheckDialog } from './validity-check-dialog';

const PERIOD = { start: '2024-11-01', end: '2024-11-30' };

/** A check of 4 documents that advances by one each time its progress is read. */
function checksServer() {
  const checks: ValidityCheck[] = [];
  server.use(
    http.get('/api/client/validity-checks', () => HttpResponse.json(checks)),
    http.post('/api/client/validity-checks', () => {
      checks.unshift({
        id: 7,
        ...PERIOD,
        total: 4,
        done: 0,
        failed: 0,
        state: 'running',
        skipped: 1,
        failures: [],
        createdAt: '2026-11-25T15:00:00.000Z',
      });
      return HttpResponse.json({ id: 7, total: 4, skipped: 1 });
    }),
    http.get('/api/client/validity-checks/:id', () => {
      const check = checks[0]!;
      if (check.done + check.failed < check.total) {
        if (check.done === 2 && check.failed === 0) {
          check.failed += 1;
          check.failures.push({
            documentId: 12,
            reason:
              'SUNAT no respondió la consulta: «Comprobante con datos inválidos» (código 98).',
          });
        } else check.done += 1;
      }
      if (check.done + check.failed === check.total) check.state = 'done';
      return HttpResponse.json(check);
    }),
  );
}

describe('ValidityCheckDialog', () => {
  it('starts the period’s check and follows its progress to the end', async () => {
    checksServer();
    const requests = recordRequests();
    const { user } = renderWithProviders(
      <ValidityCheckDialog period={PERIOD} onClose={() => {}} />,
    );
    expect(
      await screen.findByText(/estado actual de cada comprobante del 01\/11\/2024 al 30\/11\/2024/),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Empezar' }));
    expect(requestsTo(requests, 'POST', '/api/client/validity-checks')[0]?.body).toEqual(PERIOD);

    expect(await screen.findByRole('progressbar')).toBeVisible();
    expect(
      await screen.findByText('3 de 4 verificados, 1 sin respuesta', {}, { timeout: 8_000 }),
    ).toBeVisible();
    expect(
      screen.getByText('Verificación de los comprobantes del 01/11/2024 al 30/11/2024 terminada.'),
    ).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/Comprobante 12: SUNAT no respondió la consulta/)).toBeVisible();
    expect(screen.getByText(/1 comprobante no se consultó/)).toBeVisible();
  }, 15_000);

  it('says why it cannot start without credentials, and leads to them', async () => {
    server.use(
      http.get('/api/client/validity-checks', () => HttpResponse.json([])),
      http.post('/api/client/validity-checks', () =>
        HttpResponse.json(
          { code: 'conflict', message: SUNAT_VALIDITY_MESSAGES.credentialsMissing },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(
      <ValidityCheckDialog period={PERIOD} onClose={() => {}} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Empezar' }));
    expect(await screen.findByText(SUNAT_VALIDITY_MESSAGES.credentialsMissing)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Configurar credenciales' })).toHaveAttribute(
      'href',
      '/client/perfil',
    );
  });
});
