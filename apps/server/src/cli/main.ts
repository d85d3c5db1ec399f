import { countOf } from '@sufel/contract';
import { parseArgs } from 'node:util';
import { generatePassword } from '../auth/generate-password.js';
import { FILE_DRIVERS, type FileDriver } from '../blobs/file-store.js';
import { openFileStore } from '../blobs/open-file-store.js';
import { ConfigError, loadConfig } from '../config.js';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.js';
import { AppError } from '../errors.js';
import { CarBackfill } from '../modules/documents/car-backfill.js';
import { DocumentsRepository } from '../modules/documents/documents.repository.js';
import { MoneyBackfill } from '../modules/documents/money-backfill.js';
import { RegisterBackfill } from '../modules/documents/register-backfill.js';
import { SignatureBackfill } from '../modules/documents/signature-backfill.js';
import { openStorage } from '../storage.js';
import { collectDocumentFiles } from './collect-files.js';
import { localCompanyAdmin, remoteCompanyAdmin, type CompanyAdmin } from './company-admin.js';
import { migrateFiles } from './migrate-files.js';
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

Receptores (operador):
  client password --ruc <RUC> [--password <clave>]
      Restablece la contraseña de una cuenta de receptor (sin --password genera una y la
      muestra), cierra sus sesiones y lo avisa a sus correos confirmados. Para cuentas que
      no tienen un correo confirmado donde recibir un enlace.
  client verify --ruc <RUC>
      Verifica el RUC de una cuenta de receptor: desde entonces ve los comprobantes de todos
      sus emisores. Si la cuenta se abrió solo con los datos de un comprobante (quizá por un
      emisor), recibe una contraseña nueva, que se muestra una vez, y sus sesiones se cierran.
      Compruebe antes que habla con el titular del RUC.
      Por omisión trabajan sobre la base de datos local (DATABASE_URL o DATA_DIR).
      Con --server <URL> --admin-token <token> (o ADMIN_TOKEN) usan la API del servidor.

Comprobantes (operador):
  documents backfill
      Calcula el CAR de SUNAT y lee del XML guardado los importes del registro de compras
      de los comprobantes publicados antes de que SUFEL los guardara. Puede interrumpirse
      y retomarse.
  documents verify
      Verifica la firma digital del XML guardado de los comprobantes publicados antes de
      que SUFEL la verificara al publicar. Puede interrumpirse y retomarse.

Archivos (operador):
  files migrate --to <postgres|s3|local>
      Copia cada archivo (XML, PDF, CDR) del almacén actual (FILES) al indicado y
      verifica su SHA-256. Si se interrumpe, vuelva a ejecutarlo: sigue donde quedó.
      Después cambie FILES al nuevo almacén.

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
  to: { type: 'string' },
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

async function client(action: string | undefined, values: Values): Promise<void> {
  if (action !== 'password' && action !== 'verify') {
    throw new UsageError(`Acción desconocida: client ${action ?? ''}`.trim());
  }
  const admin = await companyAdmin(values);
  try {
    const ruc = required(values, 'ruc');
    if (action === 'verify') {
      const answer = await admin.verifyClient(ruc);
      console.info(answer.message);
      if (answer.password !== undefined) console.info(`Contraseña: ${answer.password}`);
      return;
    }
    const password = values.password ?? generatePassword();
    await admin.setClientPassword(ruc, password);
    console.info(`Contraseña de la cuenta ${ruc} restablecida; sus sesiones se cerraron.`);
    if (values.password === undefined) console.info(`Contraseña: ${password}`);
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

  console.info(
    `Publicando ${countOf(documents.length, 'comprobante', 'comprobantes')} en ${serverUrl(values)}…`,
  );
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

async function verifySignatures(): Promise<number> {
  const storage = await openStorage(loadConfig());
  try {
    const backfill = new SignatureBackfill(
      new DocumentsRepository(storage.database.db),
      storage.files,
    );
    const pending = await backfill.pending();
    if (pending === 0) {
      console.info('Todas las firmas ya están verificadas.');
      return 0;
    }
    console.info(`Verificando la firma de ${countOf(pending, 'comprobante', 'comprobantes')}…`);
    const progress = new ProgressBar(pending);
    const { read, failed } = await backfill.run((failedOne) => progress.tick(failedOne));
    progress.finish();
    console.info(`Verificados: ${read}`);
    console.info(`Con errores: ${failed.length}`);
    for (const { id, message } of failed) console.info(`  - comprobante ${id}: ${message}`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await storage.close();
  }
}

async function computeCars(backfill: CarBackfill): Promise<void> {
  const pending = await backfill.pending();
  if (pending === 0) return;
  console.info(`Calculando el CAR de ${countOf(pending, 'comprobante', 'comprobantes')}…`);
  const progress = new ProgressBar(pending);
  await backfill.run((failedOne) => progress.tick(failedOne));
  progress.finish();
}

/** Runs one backfill with a progress bar; answers 1 when some document could not be read. */
async function readStored(
  backfill: RegisterBackfill | MoneyBackfill,
  words: { done: string; reading: string },
): Promise<number> {
  const pending = await backfill.pending();
  if (pending === 0) {
    console.info(words.done);
    return 0;
  }
  console.info(`${words.reading} ${countOf(pending, 'comprobante', 'comprobantes')}…`);
  const progress = new ProgressBar(pending);
  const { read, failed } = await backfill.run((failedOne) => progress.tick(failedOne));
  progress.finish();
  console.info(`Leídos:      ${read}`);
  console.info(`Con errores: ${failed.length}`);
  for (const { id, message } of failed) console.info(`  - comprobante ${id}: ${message}`);
  return failed.length > 0 ? 1 : 0;
}

async function documents(action: string | undefined): Promise<number> {
  if (action === 'verify') return verifySignatures();
  if (action !== 'backfill') {
    throw new UsageError(`Acción desconocida: documents ${action ?? ''}`.trim());
  }
  const storage = await openStorage(loadConfig());
  try {
    const documents = new DocumentsRepository(storage.database.db);
    await computeCars(new CarBackfill(documents));
    const amounts = await readStored(new RegisterBackfill(documents, storage.files), {
      done: 'Todos los comprobantes ya tienen sus importes.',
      reading: 'Leyendo los importes de',
    });
    const money = await readStored(new MoneyBackfill(documents, storage.files), {
      done: 'Todos los comprobantes ya tienen sus detracciones, percepciones, retenciones y cuotas.',
      reading: 'Leyendo detracciones, percepciones, retenciones y cuotas de',
    });
    return Math.max(amounts, money);
  } finally {
    await storage.close();
  }
}

async function files(action: string | undefined, values: Values): Promise<number> {
  if (action !== 'migrate')
    throw new UsageError(`Acción desconocida: files ${action ?? ''}`.trim());
  const to = values.to as FileDriver | undefined;
  if (to === undefined || !FILE_DRIVERS.includes(to)) {
    throw new UsageError(`Indique --to ${FILE_DRIVERS.join('|')}.`);
  }
  const config = loadConfig();
  if (to === config.files) throw new UsageError(`Los archivos ya están en ${to} (FILES).`);
  if (to === 's3' && config.s3 === undefined) {
    throw new UsageError('Para --to s3 configure S3_BUCKET y las demás variables S3_*.');
  }
  const storage = await openStorage(config);
  const target = await openFileStore(to, config, storage.database.db);
  try {
    console.info(`Copiando los archivos de ${config.files} a ${to}…`);
    let bar: ProgressBar | undefined;
    const summary = await migrateFiles(storage.database.db, storage.files, target.store, {
      start: (total) => (bar = new ProgressBar(total, 'archivos/s')),
      file: (failed) => bar?.tick(failed),
    });
    bar?.finish();
    console.info(`Copiados:    ${summary.copied}`);
    console.info(`Ya estaban:  ${summary.alreadyThere}`);
    console.info(`Con errores: ${summary.failed.length}`);
    for (const { hash, reason } of summary.failed) console.info(`  - ${hash}: ${reason}`);
    if (summary.failed.length === 0) console.info(`Listo: ya puede usar FILES=${to}.`);
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    target.close();
    await storage.close();
  }
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
  if (command === 'client') {
    await client(rest[0], values);
    return 0;
  }
  if (command === 'publish') return publish(rest, values);
  if (command === 'documents') return documents(rest[0]);
  if (command === 'files') return files(rest[0], values);
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
