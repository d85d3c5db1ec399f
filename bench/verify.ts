/**
 * Publishing throughput with the XML signature check on, as a ratio to the same
 * publish with it off (VERIFY_SIGNATURES=0), in one run on the embedded database.
 *
 *   npm run bench:verify         # 2 000 documents (BENCH_VERIFY_DOCUMENTS to change)
 *
 * Every document is signed for the run (a throw-away RSA-2048 key and
 * self-signed certificate, RSA-SHA256, inclusive C14N, as SUNAT documents are),
 * so the check goes all the way: digest and signature value. The reader alone
 * and the reader with the check are also timed in this process.
 */
import { parseSignedUblDocument, parseUblDocument } from '@sufel/ubl';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';
import { collectDocumentFiles } from '../apps/server/src/cli/collect-files.js';
import { publishDocuments } from '../apps/server/src/cli/publish-documents.js';
import { SufelClient } from '../apps/server/src/cli/sufel-client.js';
import { makeSigningKey } from '../packages/ubl/test/signing-key.js';
import { ROOT, startServer } from './lib/server.js';

const COUNT = Number(process.env.BENCH_VERIFY_DOCUMENTS ?? 2000);
const TARGET_RATIO = 0.8;
const ADMIN_TOKEN = 'benchmark-admin-token-0123456789';
const RUC = '20606433094';
const PASSWORD = 'clave-de-medicion-1';

function sign(xml: string, signer: { key: string; cert: string }): string {
  const signed = new SignedXml({
    privateKey: signer.key,
    publicCert: signer.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  signed.addReference({
    xpath: '/*',
    uri: '',
    isEmptyUri: true,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ],
  });
  signed.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "//*[local-name()='ExtensionContent']", action: 'append' },
  });
  return signed.getSignedXml();
}

async function writeDocuments(dir: string, signer: { key: string; cert: string }) {
  const template = (
    await readFile(
      path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml'),
      'latin1',
    )
  ).replace(/<Signature[ >][\s\S]*<\/Signature>/, '');
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let n = 1; n <= COUNT; n++) {
    const file = path.join(dir, `${RUC}-01-F778-${n}.xml`);
    const xml = template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F778-${n}</cbc:ID>`);
    await writeFile(file, sign(xml, signer), 'latin1');
    files.push(file);
  }
  return files;
}

async function inProcess(files: string[]) {
  const contents = await Promise.all(files.map((file) => readFile(file)));
  const rate = (read: (bytes: Uint8Array) => unknown) => {
    const started = performance.now();
    for (const bytes of contents) read(bytes);
    return contents.length / ((performance.now() - started) / 1000);
  };
  const check = parseSignedUblDocument(contents[0]!).signature;
  if (check.status !== 'valida') throw new Error(`bench documents do not verify: ${check.status}`);
  return { reader: rate(parseUblDocument), checked: rate(parseSignedUblDocument) };
}

async function measure(label: string, verify: boolean, docsDir: string): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-verify-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SUFEL_DEMO: '0',
      ADMIN_TOKEN,
      VERIFY_SIGNATURES: verify ? '1' : '0',
    },
    18192,
  );
  try {
    const client = new SufelClient(server.url);
    await client.createIssuer(ADMIN_TOKEN, {
      ruc: RUC,
      nombre: 'EMISOR DE MEDICION',
      password: PASSWORD,
    });
    await client.login(RUC, PASSWORD);
    const documents = await collectDocumentFiles([docsDir]);
    const summary = await publishDocuments(client, documents, { concurrency: 4, batchSize: 50 });
    if (summary.published !== COUNT) {
      throw new Error(`${label}: published ${summary.published} of ${COUNT}`);
    }
    const rate = COUNT / summary.seconds;
    console.info(
      `${label.padEnd(24)} ${COUNT} documents in ${summary.seconds.toFixed(1)} s = ${Math.round(rate)} documents/s`,
    );
    return rate;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const scratch = await mkdtemp(path.join(tmpdir(), 'sufel-bench-verify-docs-'));
try {
  const files = await writeDocuments(
    path.join(scratch, 'docs'),
    makeSigningKey(`/C=PE/O=EMISOR DE MEDICION/OU=${RUC}/CN=FIRMANTE DE MEDICION`, 3650),
  );
  const { reader, checked } = await inProcess(files);
  console.info(
    `in this process: reader ${Math.round(reader)}/s, reader + signature check ${Math.round(checked)}/s (×${(checked / reader).toFixed(2)})\n`,
  );
  // Off, on, off, on: the best of each, so a slow first start does not decide.
  const docsDir = path.join(scratch, 'docs');
  const off1 = await measure('publish, check off', false, docsDir);
  const on1 = await measure('publish, check on', true, docsDir);
  const off2 = await measure('publish, check off', false, docsDir);
  const on2 = await measure('publish, check on', true, docsDir);
  const ratio = Math.max(on1, on2) / Math.max(off1, off2);
  console.info(
    `\nratio on/off: ×${ratio.toFixed(2)} (target ≥ ×${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}
