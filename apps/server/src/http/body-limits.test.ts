import { API_MESSAGES } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { receiverToken, registerReceiver } from '../../test/helpers/receivers.js';

/** About 0.9 MB of JSON nested as deep as it goes: costly to parse, useless to any route. */
const NESTED = `${'['.repeat(450_000)}${']'.repeat(450_000)}`;

describe('routes that take no body', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/client/logout'],
    ['POST', '/api/document/logout'],
    ['POST', '/api/notices/unsubscribe?token=x'],
    ['DELETE', '/api/client/emails/1'],
  ] as const)('refuse a large body on %s %s before reading it', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await receiverToken(t)}`,
      },
      payload: NESTED,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: API_MESSAGES.payloadTooLarge });
  });

  it('still accept the small bodies clients send', async () => {
    for (const payload of ['', '{}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/document/logout',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
