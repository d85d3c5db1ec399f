import { formatPeruvianDate, PAGES } from '@sufel/contract';
import { parseUblDocument } from '@sufel/ubl';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generatePassword } from '../auth/generate-password.js';
import type { Services } from '../services.js';
import { DEMO_CONSULTATION, DEMO_FIXTURES_DIR, DEMO_ISSUERS, DEMO_RECEIVER } from './demo-data.js';

export interface DemoAccounts {
  receiver: { ruc: string; password: string };
  issuer: { ruc: string; password: string };
  documents: number;
}

async function base64(file: string): Promise<string> {
  return (await readFile(path.join(DEMO_FIXTURES_DIR, file))).toString('base64');
}

export async function isDatabaseEmpty(services: Services): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    select not exists (select 1 from companies) and not exists (select 1 from clients) as empty`.execute(
    services.db,
  );
  return rows[0]?.empty === true;
}

/**
 * Fills an empty portal with the repository's sample documents: each demo
 * issuer is registered and publishes its documents through the public API, as
 * any issuer would; then one receiver company gets an account.
 */
export async function loadDemo(app: FastifyInstance, services: Services): Promise<DemoAccounts> {
  let documents = 0;
  let firstIssuer: { ruc: string; password: string } | undefined;
  for (const issuer of DEMO_ISSUERS) {
    const password = generatePassword();
    const firstXml = issuer.documents[0]!.xml;
    const nombre = await issuerNameOf(firstXml);
    await services.admin.createIssuer(issuer.ruc, nombre, password);
    firstIssuer ??= { ruc: issuer.ruc, password };
    const auth = await app.inject({
      method: 'POST',
      url: '/api/company/auth',
      payload: { ruc: issuer.ruc, password },
    });
    const { token } = auth.json<{ token: string }>();
    for (const document of issuer.documents) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/company/documents',
        headers: { authorization: `Bearer ${token}` },
        payload: { xml: await base64(document.xml), pdf: '' },
      });
      if (response.statusCode !== 200) {
        throw new Error(`Demo document ${document.xml} was refused: ${response.body}`);
      }
      documents += 1;
    }
  }
  await services.receiver.register(
    DEMO_RECEIVER.ruc,
    'CLIENTE DEMO S.A.C.',
    generatePassword(),
    firstIssuer!.ruc,
  );
  // Verified, as the operator would, so the demo account sees every issuer's documents.
  const { password: receiverPassword } = await services.receiverAccess.verifyReceiver(
    DEMO_RECEIVER.ruc,
    'operator',
  );
  return {
    receiver: { ruc: DEMO_RECEIVER.ruc, password: receiverPassword! },
    issuer: firstIssuer!,
    documents,
  };
}

async function issuerNameOf(xmlFile: string): Promise<string> {
  return parseUblDocument(await readFile(path.join(DEMO_FIXTURES_DIR, xmlFile))).issuer.name;
}

/** What the console shows after a demo load: how to try each part of the portal. */
export function demoInstructions(baseUrl: string, accounts: DemoAccounts): string {
  const c = DEMO_CONSULTATION;
  return [
    '',
    `SUFEL con datos de demostración (${accounts.documents} comprobantes de ejemplo):`,
    '',
    `  Portal:        ${baseUrl}/`,
    '',
    `  Consulta individual (${baseUrl}${PAGES.document.login.href()}):`,
    `    RUC del emisor:    ${c.emisor}`,
    `    Tipo:              ${c.tipoNombre} (${c.tipo})`,
    `    Serie-Correlativo: ${c.documento}`,
    `    Fecha de emisión:  ${formatPeruvianDate(c.fecha)}`,
    `    Total:             ${c.total}`,
    '',
    `  Consulta para empresas (${baseUrl}/client/login):`,
    `    RUC:         ${accounts.receiver.ruc}`,
    `    Contraseña:  ${accounts.receiver.password}`,
    '    (sus comprobantes son del 25/11/2024 al 26/11/2024: amplíe las fechas del filtro)',
    '',
    `  API para emisores (${baseUrl}/docs):`,
    `    RUC: ${accounts.issuer.ruc}   Contraseña: ${accounts.issuer.password}`,
    '',
    '  Las contraseñas se muestran solo esta vez.',
    '',
  ].join('\n');
}
