// The services' session code types cookies through this plugin's declarations.
import type {} from '@fastify/cookie';
import { API_MESSAGES, API_PATHS } from '@sufel/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createPasswordHasher } from '../src/auth/passwords.js';
import { loadConfig } from '../src/config.js';
import { connectPostgres } from '../src/db/connect.js';
import { openFileStore } from '../src/file-store/open-file-store.js';
import { ReceiversRepository } from '../src/modules/receiver/receiver.repository.js';
import { createServices } from '../src/services.js';
import { ADMIN_TOKEN, JWT_SECRET } from './helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const RECEIVER = '20100070970';

type Call = InjectOptions & { url: string };
const PASSWORD = 'clave-correcta-del-receptor';

/** A TCP relay on loopback in front of PostgreSQL, whose connections can be cut and refused. */
class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection, as pg_terminate_backend or a restart would. */
  killConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Drops every connection and refuses new ones, as a database that is down. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    this.killConnections();
    await closed;
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

// The outage is of a database server: the embedded database lives in the process itself.
describe.skipIf(serverUrl === undefined || serverUrl === '')('a database out of reach', () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  let app: FastifyInstance;
  let dataDir: string;
  let closeFiles: () => void;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    proxy = new CuttableProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.open();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const db = connectPostgres(proxied.toString(), 4);
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-outage-'));
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN, JWT_SECRET, LOG_LEVEL: 'silent' });
    const files = await openFileStore(config.files, config, db);
    closeFiles = () => files.close();
    const hasher = createPasswordHasher(2 ** 10);
    const services = createServices({
      config,
      db,
      fileStore: files.store,
      jwtSecret: new TextEncoder().encode(JWT_SECRET),
      passwordHasher: hasher,
      listen: database.listen,
    });
    app = await buildApp({ services });
    await app.ready();
    await new ReceiversRepository(database.db).insert(
      RECEIVER,
      'CLIENTE DE PRUEBA',
      await hasher.hash(PASSWORD),
      new Date(0),
    );
    const login = await app.inject(loginRequest());
    expect(login.statusCode, login.body).toBe(200);
    token = login.json<{ token: string }>().token;
  });

  afterAll(async () => {
    await app.close();
    closeFiles();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const loginRequest = (): Call => ({
    method: 'POST',
    url: API_PATHS.clientLogin,
    payload: { documento: RECEIVER, password: PASSWORD },
    remoteAddress: '203.0.113.9',
  });

  /** Requests of every kind: a login, a session's read, a consultation, an issuer's login, the operator's list. */
  const requests = (): Call[] => [
    loginRequest(),
    {
      method: 'GET',
      url: API_PATHS.clientCompanies,
      headers: { authorization: `Bearer ${token}` },
    },
    {
      method: 'POST',
      url: API_PATHS.documentAuth,
      payload: {
        emisor: '20606433094',
        tipo: '01',
        documento: 'F001-1',
        fecha: '2024-01-15',
        total: '118.00',
      },
    },
    { method: 'POST', url: API_PATHS.companyAuth, payload: { ruc: '20606433094', password: 'x' } },
    { method: 'GET', url: `${API_PATHS.companies}?token=${ADMIN_TOKEN}` },
  ];

  it('never answers 500 when its connections are killed, and opens new ones', async () => {
    proxy.killConnections();
    for (const request of requests()) {
      const answer = await app.inject(request);
      const { statusCode, headers } = answer;
      const expected = statusCode === 503 ? '5' : undefined;
      expect(statusCode, `${request.url}: ${answer.body}`).not.toBe(500);
      expect(headers['retry-after']).toBe(expected);
    }
    expect((await app.inject(loginRequest())).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After and a Spanish message while it refuses connections, then recovers by itself', async () => {
    await proxy.refuse();
    for (const request of requests()) {
      const answer = await app.inject(request);
      expect(answer.statusCode, `${request.url}: ${answer.body}`).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ message: API_MESSAGES.databaseUnavailable });
    }
    expect((await app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: API_PATHS.healthReady })).statusCode).toBe(503);

    await proxy.open();
    expect((await app.inject(loginRequest())).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: API_PATHS.healthReady })).statusCode).toBe(200);
    for (const request of requests()) {
      expect((await app.inject(request)).statusCode, request.url).toBeLessThan(500);
    }
  });
});
