import { countOf, RECEIVED_MAX_FILES } from '@sufel/contract';
import { parseArgs } from 'node:util';
import { generatePassword } from '../auth/generate-password.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.js';
import { buildIndexesAhead } from '../db/migrate.js';
import { AppError } from '../errors.js';
import { FILE_DRIVERS, type FileDriver } from '../file-store/file-store.js';
import { openFileStore } from '../file-store/open-file-store.js';
import { BackfillScansRepository } from '../modules/documents/backfill-scans.repository.js';
import { CarBackfill } from '../modules/documents/car-backfill.js';
import { CdrBackfill } from '../modules/documents/cdr-backfill.js';
import { DocumentsRepository } from '../modules/documents/documents.repository.js';
import { MoneyBackfill } from '../modules/documents/money-backfill.js';
import { RegisterBackfill } from '../modules/documents/register-backfill.js';
import { SignatureBackfill } from '../modules/documents/signature-backfill.js';
import { openStorage } from '../storage.js';
import { collectDocumentFiles } from './collect-files.js';
import { migrateFiles } from './migrate-files.js';
import { localOperatorAdmin, remoteOperatorAdmin, type OperatorAdmin } from './operator-admin.js';
import { promptPassword } from './password-prompt.js';
import { ProgressBar } from './progress.js';
import { publishDocuments } from './publish-documents.js';
import { collectReceivedFiles, receiveDocuments } from './receive-documents.js';
import { RemoteApiError, SufelClient } from './sufel-client.js';

/** Each command's help, shown by `npm run sufel -- <comando> --help`. */
const COMMAND_USAGE = {
  company: `Emisores (operador):
  company add --ruc <RUC> --nombre <razón social>
      Registra un emisor. La contraseña se toma de SUFEL_PASSWORD; sin ella se genera
      una y se muestra.
  company list
  company enable --ruc <RUC>
  company disable --ruc <RUC>
  company password --ruc <RUC>
      Cambia la contraseña de un emisor (SUFEL_PASSWORD, o una generada que se muestra).
      Por omisión trabajan sobre la base de datos local (DATABASE_URL o DATA_DIR).
      Con --server <URL> y la variable ADMIN_TOKEN usan la API del servidor (--admin-token
      también sirve, pero deja el token a la vista de los demás usuarios del equipo).
`,
  client: `Receptores (operador):
  client password --ruc <RUC>
      Restablece la contraseña de una cuenta de receptor (SUFEL_PASSWORD, o una generada
      que se muestra), cierra sus sesiones y lo avisa a sus correos confirmados. Para
      cuentas que no tienen un correo confirmado donde recibir un enlace.
  client verify --ruc <RUC>
      Verifica el RUC de una cuenta de receptor: desde entonces ve los comprobantes de todos
      sus emisores. Si la cuenta se abrió solo con los datos de un comprobante (quizá por un
      emisor), recibe una contraseña nueva, que se muestra una vez, y sus sesiones se cierran.
      Compruebe antes que habla con el titular del RUC.
      Por omisión trabaja sobre la base de datos local (DATABASE_URL o DATA_DIR).
      Con --server <URL> y la variable ADMIN_TOKEN usa la API del servidor (--admin-token
      también sirve, pero deja el token a la vista de los demás usuarios del equipo).
`,
  documents: `Comprobantes (operador):
  documents backfill
      Calcula el CAR de SUNAT y lee del XML guardado los importes del registro de compras
      (y del CDR guardado lo que dice del comprobante) de los comprobantes publicados antes
      de que SUFEL los guardara. Puede interrumpirse y retomarse.
  documents verify
      Verifica la firma digital del XML guardado de los comprobantes publicados antes de
      que SUFEL la verificara al publicar. Puede interrumpirse y retomarse.
`,
  files: `Archivos (operador):
  files migrate --to <postgres|s3|local>
      Copia cada archivo (XML, PDF, CDR) del almacén actual (FILES) al indicado y
      verifica su SHA-256. Si se interrumpe, vuelva a ejecutarlo: sigue donde quedó.
      Después cambie FILES al nuevo almacén.
`,
  indexes: `Índices (operador, antes de actualizar):
  indexes build
      Crea en la base de datos PostgreSQL (DATABASE_URL) los índices que la nueva versión
      agregará, sin detener la publicación de la versión en uso. En una base grande toman
      minutos; al iniciar, la nueva versión los encuentra hechos y arranca enseguida.
      Si se interrumpe, vuelva a ejecutarlo.
`,
  publish: `Publicación (emisor):
  publish --server <URL> [--ruc <RUC>] [--batch <n>] [--concurrency <n>] <archivos o carpetas>...
      Publica cada XML con el PDF del mismo nombre y su CDR (R-<nombre>.zip o .xml)
      cuando están en la misma carpeta, en lotes de --batch comprobantes (50; 1 = uno por
      solicitud) con --concurrency solicitudes a la vez (4). Reintenta ante errores de red.
      Credenciales, nunca en la línea de comandos:
        SUFEL_TOKEN     un token de API del emisor (POST /api/company/tokens); no pide --ruc.
        SUFEL_PASSWORD  la contraseña del emisor, con --ruc. Sin ella, se pregunta sin
                        mostrarla cuando hay una terminal.
`,
  receive: `Comprobantes recibidos (receptor):
  receive --server <URL> --ruc <RUC> [--batch <n>] [--concurrency <n>] <archivos o carpetas>...
      Agrega a su archivo cada XML y ZIP (con sus XML, CDR y PDF) de los archivos y carpetas
      indicados, en lotes de --batch archivos por solicitud (50) con --concurrency
      solicitudes a la vez (2), como "Agregar comprobantes" en la web. Muestra cuántos se
      agregaron, cuántos ya estaban y por qué se rechazó cada uno; termina con código 1 si
      alguno se rechazó. Reintenta ante errores de red.
      La contraseña de la cuenta del receptor, nunca en la línea de comandos:
        SUFEL_PASSWORD  la contraseña. Sin ella, se pregunta sin mostrarla cuando hay una
                        terminal.
`,
} as const;

type Command = keyof typeof COMMAND_USAGE;

const USAGE = `Uso: npm run sufel -- <comando> [opciones]
     npm run sufel -- <comando> --help

${Object.values(COMMAND_USAGE).join('\n')}`;

function usageOf(command: string | undefined): string {
  return command !== undefined && command in COMMAND_USAGE
    ? `Uso: npm run sufel -- ${command} [opciones]\n\n${COMMAND_USAGE[command as Command]}`
    : USAGE;
}

const OPTIONS = {
  ruc: { type: 'string' },
  nombre: { type: 'string' },
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

/** A variable's value, unset when missing or blank. */
function fromEnv(name: 'SUFEL_TOKEN' | 'SUFEL_PASSWORD' | 'ADMIN_TOKEN'): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function required(values: Values, name: 'ruc' | 'nombre' | 'server'): string {
  const value = values[name];
  if (value === undefined || value.trim() === '')
    throw new UsageError(`Falta la opción --${name}.`);
  return value.trim();
}

function serverUrl(values: Values): string {
  return required(values, 'server').replace(/\/+$/, '');
}

async function operatorAdmin(values: Values): Promise<OperatorAdmin> {
  if (values.server === undefined) return localOperatorAdmin(loadConfig());
  const flag = values['admin-token'];
  if (flag !== undefined) {
    // Kept for existing scripts, but every user of the machine sees a command line.
    console.error(
      'Aviso: --admin-token deja el token a la vista de los demás usuarios del equipo y en el historial; use la variable ADMIN_TOKEN.',
    );
  }
  const token = flag ?? fromEnv('ADMIN_TOKEN');
  if (token === undefined || token === '') {
    throw new UsageError('Con --server defina la variable ADMIN_TOKEN con el token del operador.');
  }
  return remoteOperatorAdmin(new SufelClient(serverUrl(values)), token);
}

async function issuerCommand(action: string | undefined, values: Values): Promise<void> {
  const admin = await operatorAdmin(values);
  try {
    switch (action) {
      case 'add': {
        const ruc = required(values, 'ruc');
        const chosen = fromEnv('SUFEL_PASSWORD');
        const password = chosen ?? generatePassword();
        await admin.create(ruc, required(values, 'nombre'), password);
        console.info(`Emisor ${ruc} registrado.`);
        if (chosen === undefined) console.info(`Contraseña: ${password}`);
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
        const chosen = fromEnv('SUFEL_PASSWORD');
        const password = chosen ?? generatePassword();
        await admin.update(required(values, 'ruc'), { password });
        console.info(`Contraseña de ${required(values, 'ruc')} cambiada.`);
        if (chosen === undefined) console.info(`Contraseña: ${password}`);
        return;
      }
      default:
        throw new UsageError(`Acción desconocida: company ${action ?? ''}`.trim());
    }
  } finally {
    await admin.close();
  }
}

async function receiverCommand(action: string | undefined, values: Values): Promise<void> {
  if (action !== 'password' && action !== 'verify') {
    throw new UsageError(`Acción desconocida: client ${action ?? ''}`.trim());
  }
  const admin = await operatorAdmin(values);
  try {
    const ruc = required(values, 'ruc');
    if (action === 'verify') {
      const answer = await admin.verifyReceiver(ruc);
      console.info(answer.message);
      if (answer.password !== undefined) console.info(`Contraseña: ${answer.password}`);
      return;
    }
    const chosen = fromEnv('SUFEL_PASSWORD');
    const password = chosen ?? generatePassword();
    await admin.setReceiverPassword(ruc, password);
    console.info(`Contraseña de la cuenta ${ruc} restablecida; sus sesiones se cerraron.`);
    if (chosen === undefined) console.info(`Contraseña: ${password}`);
  } finally {
    await admin.close();
  }
}

/**
 * An issuer's API token from SUFEL_TOKEN, or its RUC and password, from
 * SUFEL_PASSWORD or asked on the terminal: a secret on the command line would
 * be visible to every user of the machine and kept in the shell's history.
 */
async function signIn(client: SufelClient, values: Values): Promise<void> {
  const token = fromEnv('SUFEL_TOKEN');
  if (token !== undefined) {
    client.useToken(token.trim());
    return;
  }
  const ruc = required(values, 'ruc');
  const password =
    fromEnv('SUFEL_PASSWORD') ?? (await promptPassword(`Contraseña del emisor ${ruc}: `));
  if (password === null || password === '') {
    throw new UsageError(
      'Defina SUFEL_TOKEN (un token de API del emisor) o SUFEL_PASSWORD, o ejecútelo en una terminal para escribir la contraseña.',
    );
  }
  await client.login(ruc, password);
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
  await signIn(client, values);

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

/** A whole number option within bounds, or its default. */
function boundedInteger(
  values: Values,
  name: 'batch' | 'concurrency',
  fallback: number,
  max: number,
): number {
  const value = Number(values[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new UsageError(`--${name} debe ser un número entre 1 y ${max}.`);
  }
  return value;
}

async function receive(paths: string[], values: Values): Promise<number> {
  if (paths.length === 0)
    throw new UsageError('Indique los archivos XML o ZIP, o las carpetas, a agregar.');
  const batchSize = boundedInteger(values, 'batch', 50, RECEIVED_MAX_FILES);
  const concurrency = boundedInteger(values, 'concurrency', 2, 16);
  const server = serverUrl(values);
  const ruc = required(values, 'ruc');
  const files = await collectReceivedFiles(paths).catch((error: unknown) => {
    const { code, path: missing } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') throw new UsageError(`No existe el archivo o carpeta ${missing}.`);
    throw error;
  });
  if (files.length === 0) throw new UsageError('No se encontraron archivos XML ni ZIP.');
  const password =
    fromEnv('SUFEL_PASSWORD') ?? (await promptPassword(`Contraseña del receptor ${ruc}: `));
  if (password === null || password === '') {
    throw new UsageError(
      'Defina SUFEL_PASSWORD con la contraseña de la cuenta del receptor, o ejecútelo en una terminal para escribirla.',
    );
  }
  const client = new SufelClient(server);
  await client.loginReceiver(ruc, password);

  console.info(`Agregando ${countOf(files.length, 'archivo', 'archivos')} en ${server}…`);
  const progress = new ProgressBar(files.length, 'archivos/s');
  const summary = await receiveDocuments(client, files, {
    batchSize,
    concurrency,
    onFile: (refused) => progress.tick(refused),
  });
  progress.finish();

  console.info(`Agregados:   ${summary.added}`);
  console.info(`Duplicados:  ${summary.duplicates}`);
  console.info(`Rechazados:  ${summary.refused.length}`);
  for (const { file, reason } of summary.refused) console.info(`  - ${file}: ${reason}`);
  const documents = summary.added + summary.duplicates + summary.refused.length;
  const rate = documents / Math.max(summary.seconds, 0.001);
  console.info(`Tiempo: ${summary.seconds.toFixed(1)} s (${Math.round(rate)} comprobantes/s)`);
  return summary.refused.length > 0 ? 1 : 0;
}

async function verifySignatures(): Promise<number> {
  const storage = await openStorage(loadConfig());
  try {
    const { db } = storage.database;
    const backfill = new SignatureBackfill(
      db,
      new BackfillScansRepository(db),
      new DocumentsRepository(db),
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
  backfill: RegisterBackfill | MoneyBackfill | CdrBackfill,
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
    const { db } = storage.database;
    const scans = new BackfillScansRepository(db);
    const documents = new DocumentsRepository(db);
    await computeCars(new CarBackfill(scans, documents));
    const amounts = await readStored(new RegisterBackfill(db, scans, documents, storage.files), {
      done: 'Todos los comprobantes ya tienen sus importes.',
      reading: 'Leyendo los importes de',
    });
    const money = await readStored(new MoneyBackfill(db, scans, documents, storage.files), {
      done: 'Todos los comprobantes ya tienen sus detracciones, percepciones, retenciones y cuotas.',
      reading: 'Leyendo detracciones, percepciones, retenciones y cuotas de',
    });
    const cdrs = await readStored(new CdrBackfill(db, scans, documents, storage.files), {
      done: 'Todos los CDR ya fueron leídos.',
      reading: 'Leyendo el CDR de',
    });
    return Math.max(amounts, money, cdrs);
  } finally {
    await storage.close();
  }
}

async function indexes(action: string | undefined): Promise<number> {
  if (action !== 'build') {
    throw new UsageError(`Acción desconocida: indexes ${action ?? ''}`.trim());
  }
  const config = loadConfig();
  if (config.databaseUrl === undefined) {
    console.info('La base de datos embebida crea sus índices al iniciar: no hay nada que hacer.');
    return 0;
  }
  const { db } = await openDatabase({ databaseUrl: config.databaseUrl, maxConnections: 1 });
  try {
    let started = 0;
    await buildIndexesAhead(db, {
      start(name) {
        started = performance.now();
        console.info(`Índice ${name}…`);
      },
      done(name, outcome) {
        const seconds = Math.round((performance.now() - started) / 1000);
        console.info(`  ${outcome === 'built' ? `creado en ${seconds} s` : 'ya estaba creado'}`);
      },
    });
    console.info('Listo: la nueva versión puede iniciarse.');
    return 0;
  } finally {
    await db.destroy();
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
  if (command === undefined || (command === 'help' && rest[0] === undefined)) {
    console.info(USAGE);
    return 0;
  }
  if (command === 'help' || values.help === true) {
    console.info(usageOf(command === 'help' ? rest[0] : command));
    return 0;
  }
  if (command === 'company') {
    await issuerCommand(rest[0], values);
    return 0;
  }
  if (command === 'client') {
    await receiverCommand(rest[0], values);
    return 0;
  }
  if (command === 'publish') return publish(rest, values);
  if (command === 'receive') return receive(rest, values);
  if (command === 'documents') return documents(rest[0]);
  if (command === 'files') return files(rest[0], values);
  if (command === 'indexes') return indexes(rest[0]);
  throw new UsageError(`Comando desconocido: ${command}`);
}

/** Runs one command line and answers the exit code: 0 ok, 1 some documents rejected, 2 failure. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usageOf(argv[0])}`);
    else if (
      error instanceof RemoteApiError ||
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof EmbeddedDatabaseBusyError
    ) {
      console.error(error.message);
    } else if (error instanceof TypeError && 'code' in error) {
      console.error(`Opciones inválidas: ${error.message}\n\n${usageOf(argv[0])}`);
    } else throw error;
    return 2;
  }
}
