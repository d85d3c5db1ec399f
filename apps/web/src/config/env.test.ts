import { WebConfigSchema } from '@sufel/contract';
import { describe, expect, it } from 'vitest';
import { CONFIG_ELEMENT_ID, parseWebConfig, readWebConfig } from './env';

function pageWith(block: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (block !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = CONFIG_ELEMENT_ID;
    script.textContent = block;
    doc.head.append(script);
  }
  return doc;
}

describe('runtime configuration', () => {
  it('falls back to the contract defaults when the server injected nothing', () => {
    expect(readWebConfig(pageWith(null))).toEqual(WebConfigSchema.parse({}));
  });

  it('reads the JSON data block the server writes into index.html', () => {
    const config = readWebConfig(
      pageWith(
        JSON.stringify({
          production: false,
          ruc: '20606433094',
          endpoint: 'https://api.example.pe/',
          company: 'Gaspersoft',
          companyUrl: 'https://gaspersoft.pe',
          contact: 'soporte@gaspersoft.pe',
          legalNote: 'Gaspersoft EIRL, Lima.',
          product: 'Comprobantes',
          logo: '/brand.svg',
          mail: true,
        }),
      ),
    );
    expect(config).toEqual({
      production: false,
      ruc: '20606433094',
      endpoint: 'https://api.example.pe',
      company: 'Gaspersoft',
      companyUrl: 'https://gaspersoft.pe',
      contact: 'soporte@gaspersoft.pe',
      legalNote: 'Gaspersoft EIRL, Lima.',
      product: 'Comprobantes',
      logo: '/brand.svg',
      mail: true,
    });
  });

  it('agrees with the contract schema on what it accepts and fills in', () => {
    const samples: unknown[] = [
      {},
      { ruc: '20100454523' },
      { production: false, product: 'X', extra: 'ignored' },
      { endpoint: '', company: 'Empresa', companyUrl: 'https://empresa.pe', logo: '/l.png' },
    ];
    for (const sample of samples) {
      expect(parseWebConfig(sample)).toEqual(WebConfigSchema.parse(sample));
    }
  });

  it('rejects what the contract rejects, naming every bad key', () => {
    const bad = { production: 'yes', ruc: 20100454523, logo: null };
    expect(WebConfigSchema.safeParse(bad).error?.issues.map((issue) => issue.path[0])).toEqual([
      'production',
      'ruc',
      'logo',
    ]);
    expect(() => parseWebConfig(bad)).toThrow(
      'Invalid runtime configuration: production: expected boolean, received string; ruc: expected string, received number; logo: expected string, received null',
    );
  });

  it('rejects a block that is not an object', () => {
    expect(WebConfigSchema.safeParse([]).success).toBe(false);
    expect(() => parseWebConfig([])).toThrow(/expected a JSON object/);
  });

  it('explains a block that is not JSON', () => {
    expect(() => readWebConfig(pageWith('{ruc:'))).toThrow(/not JSON/);
  });
});
