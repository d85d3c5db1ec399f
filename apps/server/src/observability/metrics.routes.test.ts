import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../test/helpers/issuers.js';

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The value of one series in Prometheus text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('needs the token when one is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Se requiere el token de métricas.' });
  });

  it('counts requests by route and status, publishes and consultations', async () => {
    const before = await scrape();
    const sample = SAMPLES.factura3;
    const token = await issuerToken(t, sample.emisor);
    expect((await publishSample(t, token, sample)).statusCode).toBe(200);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: proofOf(sample),
    });
    expect(found.statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: { ...proofOf(sample), total: '1.00' },
    });
    expect(missing.statusCode).toBe(404);

    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('sufel_documents_published_total')).toBe(1);
    expect(delta('sufel_consultations_total{result="found"}')).toBe(1);
    expect(delta('sufel_consultations_total{result="not_found"}')).toBe(1);
    expect(
      delta('sufel_http_requests_total{method="POST",route="/api/document/auth",status="404"}'),
    ).toBe(1);
    expect(after).toContain('sufel_http_request_duration_seconds_bucket{');
    expect(after).toContain('# TYPE sufel_file_store_errors_total counter');
    expect(after).toContain('# TYPE sufel_throttled_attempts_total counter');
  });
});
