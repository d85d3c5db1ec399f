import { describe, expect, it } from 'vitest';
import { boletaToDni } from '../test/sample-documents.js';
import { FREE_LINE_NOTE, printedLine } from './printed-lines.js';

describe('printedLine', () => {
  it('formats quantities, unit values and the amount of a taxed line', () => {
    expect(printedLine(boletaToDni().lines[0]!, 0)).toEqual({
      number: '1',
      quantity: '1.00',
      unit: 'UNIDAD',
      code: 'REF564',
      description: 'REFRIGERADORA MARCA "AXM" NO FROST DE 200 LTRS.',
      freeNote: null,
      unitValue: '845.7627',
      unitPrice: '998.00',
      amount: '845.76',
    });
  });

  it('marks a free line and prints a dash for a price the XML does not state', () => {
    const printed = printedLine(boletaToDni().lines[2]!, 2);
    expect(printed.freeNote).toBe(FREE_LINE_NOTE);
    expect(printed.unitPrice).toBe('-');
    expect(printed.amount).toBe('4.80');
  });

  it('numbers a line without identifier by its position and keeps fractional quantities', () => {
    const line = { ...boletaToDni().lines[0]!, id: ' ', quantity: '2.125000', code: null };
    const printed = printedLine(line, 6);
    expect(printed.number).toBe('7');
    expect(printed.quantity).toBe('2.125');
    expect(printed.code).toBe('');
  });
});
