import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('loadCatalogue', () => {
  beforeEach(() => vi.resetModules());

  it('has Spanish at hand and fetches English once, when first asked', async () => {
    const { loadCatalogue, loadedCatalogue } = await import('./catalogues');
    expect(loadedCatalogue('es')?.t.documentLogin.submit).toBe('Consultar');
    expect(loadedCatalogue('en')).toBeUndefined();
    const first = loadCatalogue('en');
    expect(loadCatalogue('en')).toBe(first);
    const english = await first;
    expect(english.t.documentLogin.submit).toBe('Look up');
    expect(english.translate('Consultar')).toBe('Look up');
    expect(loadedCatalogue('en')).toBe(english);
  });

  it('passes Spanish messages through untouched', async () => {
    const { loadCatalogue } = await import('./catalogues');
    const spanish = await loadCatalogue('es');
    expect(spanish.translate('Comprobante no encontrado')).toBe('Comprobante no encontrado');
  });
});
