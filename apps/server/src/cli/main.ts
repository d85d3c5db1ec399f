import { parseArgs } from 'node:util';
import { generatePassword } from '../auth/generate-password.js';
import { ConfigError, loadConfig } from '../config.js';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.js';
import { AppError } from '../errors.js';
import { collectDocumentFiles } from './collect-files.js';
import { localCompanyAdmin, remoteCompanyAdmin, type CompanyAdmin } from './company-admin.js';
import { ProgressBar } from './progress.js';
import { publishDocuments } from './publish-documents.js';
import { RemoteApiError, SufelClient } from './sufel-client.js';

const USAGE = `Uso: npm run sufel -- <comando> [opciones]

Emisores (operador):
  company add --ruc <RUC> --nombre <razón social> [--password <clave>]
      Registra un emisor. Sin --password genera una clave y la muestra.
  company list
  company enable --ruc <RUC>
  company disable --ruc <RUC>
  company password --ruc <RUC> [--password <clave>]
      Por omisión trabajan sobre la base de datos local (DATABASE_URL o DATA_DIR).
      Con --server <URL> --admin-token <token> (o ADMIN_TOKEN) usan la API del servidor.

Publicación (emisor):
  publish --server <URL> --ruc <RUC> --password <clave> [--batch <n>] [--concurrency <n>] <archivos o carpetas>...
      Publica cada XML con el PDF del mismo nombre y su CDR (R-<nombre>.zip o .xml)
      cuando están en la misma carpeta, en lotes de --batch comprobantes (50; 1 = uno por
      solicitud) con --concurrency solicitudes a la vez (4). Reintenta ante errores de red.
`;

const OPTIONS = {
  ruc: { type: 'string' },
  nombre: { type: 'string' },
  password: { type: 'string' },
  server: { type: 'string' },
  'admin-token': { type: 'string' },
  concurrency: { type: 'string' },
  batch: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

class UsageError extends Error {}

function required(values: Values, name: 'ruc' | 'nombre' | 'server' | 'password'): string {
  const value = values[name];
  if (value === undefined || value.trim() === '')
    throw new UsageError(`Falta la opción --${name}.`);
  return value.trim();
}

function serverUrl(values: Values): string {
  return required(values, 'server').replace(/\/+$/, '');
}

async function companyAdmin(values: Values): Promise<CompanyAdmin> {
  if (values.server === undefined) return localCompanyAdmin(loadConfig());
  const token = values['admin-token'] ?? process.env.ADMIN_TOKEN;
  if (token === undefined || token === '') {
    throw new UsageError('Con --server indique --admin-token o la variable ADMIN_TOKEN.');
  }
  return remoteCompanyAdmin(new SufelClient(serverUrl(values)), token);
}

async function company(action: string | undefined, values: Values): Promise<void> {
  const admin = await companyAdmin(values);
  try {
    switch (action) {
      case 'add': {
        const ruc = required(values, 'ruc');
        const password = values.password ?? generatePassword();
        await admin.create(ruc, required(values, 'nombre'), password);
        console.info(`Emisor ${ruc} registrado.`);
        if (values.password === undefined) console.info(`Contraseña: ${password}`);
        return;
      }
      case 'list':
        for (const row of await admin.list()) {
          console.info(
            `${row.ruc}  ${row.habilitado ? 'habilitado   ' : 'deshabilitado'}  ${row.nombre}`,
          );
        }
        return;
      case 'enable':
      case 'disable':
        await admin.update(required(values, 'ruc'), { habilitado: action === 'enable' });
        console.info(
          `Emisor ${required(values, 'ruc')} ${action === 'enable' ? 'habilitado' : 'deshabilitado'}.`,
        );
        return;
      case 'password': {
        const password = values.password ?? generatePassword();
        await admin.update(required(values, 'ruc'), { password });
        console.info(`Contraseña de ${required(values, 'ruc')} cambiada.`);
        if (values.password === undefined) console.info(`Contraseña: ${password}`);
        return;
      }
      default:
        throw new UsageError(`Acción desconocida: company ${action ?? ''}`.trim());
    }
  } finally {
    await admin.close();
  }
}

async function publish(paths: string[], values: Values): Promise<number> {
  if (paths.length === 0)
    throw new UsageError('Indique los archivos XML o las carpetas a publicar.');
  const concurrency = Number(values.concurrency ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new UsageError('--concurrency debe ser un número entre 1 y 64.');
  }
  const batchSize = Number(values.batch ?? 50);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100) {
    throw new UsageError('--batch debe ser un número entre 1 y 100.');
  }
  const documents = await collectDocumentFiles(paths);
  if (documents.length === 0) throw new UsageError('No se encontraron archivos XML.');
  const client = new SufelClient(serverUrl(values));
  await client.login(required(values, 'ruc'), required(values, 'password'));

  console.info(`Publicando ${documents.length} comprobante(s) en ${serverUrl(values)}…`);
  const progress = new ProgressBar(documents.length);
  const summary = await publishDocuments(client, documents, {
    concurrency,
    batchSize,
    onDone: (rejected) => progress.tick(rejected),
  });
  progress.finish();

  console.info(`Publicados:  ${summary.published}`);
  console.info(`Ya estaban:  ${summary.alreadyThere}`);
  console.info(`Rechazados:  ${summary.rejected.length}`);
  for (const { file, message } of summary.rejected) console.info(`  - ${file}: ${message}`);
  const rate = documents.length / Math.max(summary.seconds, 0.001);
  console.info(`Tiempo: ${summary.seconds.toFixed(1)} s (${Math.round(rate)} comprobantes/s)`);
  return summary.rejected.length > 0 ? 1 : 0;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  if (values.help === true || command === undefined || command === 'help') {
    console.info(USAGE);
    return 0;
  }
  if (command === 'company') {
    await company(rest[0], values);
    return 0;
  }
  if (command === 'publish') return publish(rest, values);
  throw new UsageError(`Comando desconocido: ${command}`);
}

/** Runs one command line and answers the exit code: 0 ok, 1 some documents rejected, 2 failure. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (
      error instanceof RemoteApiError ||
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof EmbeddedDatabaseBusyError
    ) {
      console.error(error.message);
    } else if (error instanceof TypeError && 'code' in error) {
      console.error(`Opciones inválidas: ${error.message}\n\n${USAGE}`);
    } else throw error;
    return 2;
  }
}
