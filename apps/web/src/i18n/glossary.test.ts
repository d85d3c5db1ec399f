import { describe, expect, it } from 'vitest';
import { en } from './en';

describe('English names of Peruvian terms', () => {
  const view = en.documentView;

  it('calls a detracción a detraction (SPOT), never a withholding (retención)', () => {
    expect(view.detraction).toMatch(/detraction/i);
    expect(view.detraction).toMatch(/SPOT/);
    expect(`${view.detraction} ${view.detractionAccount}`).not.toMatch(/withholding/i);
  });

  it('says which amounts are before tax and which include it', () => {
    expect(view.lineUnitValue).toMatch(/before tax/);
    expect(view.lineUnitPrice).toMatch(/tax included/);
    expect(view.totalLabels.lineExtension).toMatch(/before tax/);
  });

  it('does not call a sale paid "al contado" a cash payment', () => {
    expect(view.paymentMethods.Contado).not.toMatch(/^cash$/i);
    expect(view.paymentMethods.Contado).toMatch(/contado/);
  });
});
