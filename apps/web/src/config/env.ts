import type { WebConfig } from '@sufel/contract';

/**
 * The contract's `WebConfigSchema` defines these fields and defaults, but it is
 * written with zod, and any zod in the home page's bundle costs 5–25 KB gzip of
 * its 100 KB budget (the lazy areas share zod's core with it). So the first load
 * reads the configuration with this plain checker instead; `env.test.ts` holds it
 * to the contract schema's answers, defaults included.
 */
const DEFAULTS: WebConfig = {
  production: true,
  ruc: '',
  endpoint: '',
  company: 'Mi Empresa S.A.C.',
  companyUrl: 'https://example.com',
  contact: 'soporte@example.com',
  legalNote:
    'Los comprobantes se muestran tal como su emisor los publicó; su validez puede verificarse en SUNAT.',
  product: 'SUFEL',
  logo: '/logo.svg',
  mail: false,
};

type Key = keyof WebConfig;
const KEYS = Object.keys(DEFAULTS) as Key[];

/** Id of the JSON data block the server writes into `index.html`. */
export const CONFIG_ELEMENT_ID = 'sufel-config';

/** Validates raw configuration; throws one error naming every bad key. */
export function parseWebConfig(raw: unknown): WebConfig {
  const source: unknown = raw ?? {};
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw new Error('Invalid runtime configuration: expected a JSON object');
  }
  const config: WebConfig = { ...DEFAULTS };
  const problems: string[] = [];
  for (const key of KEYS) {
    const value: unknown = Reflect.get(source, key);
    if (value === undefined) continue;
    const expected = typeof DEFAULTS[key];
    if (typeof value !== expected) {
      problems.push(
        `${key}: expected ${expected}, received ${value === null ? 'null' : typeof value}`,
      );
      continue;
    }
    Object.assign(config, { [key]: value });
  }
  if (problems.length > 0) {
    throw new Error(`Invalid runtime configuration: ${problems.join('; ')}`);
  }
  return { ...config, endpoint: config.endpoint.replace(/\/+$/, '') };
}

/**
 * Reads the configuration the server injected into the page; without it (the
 * development server) every field takes the contract's default.
 */
export function readWebConfig(doc: Document = document): WebConfig {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  const text = element?.textContent?.trim();
  if (!text) return parseWebConfig({});
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`Invalid runtime configuration: the ${CONFIG_ELEMENT_ID} block is not JSON`, {
      cause: error,
    });
  }
  return parseWebConfig(raw);
}

let current: WebConfig | undefined;

/** The page's configuration, read once. */
export function getWebConfig(): WebConfig {
  current ??= readWebConfig();
  return current;
}
