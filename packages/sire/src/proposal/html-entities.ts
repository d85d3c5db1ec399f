/**
 * SIRE exports names HTML-escaped ("MOTO REPUESTOS &amp; AB SAC",
 * "OPTICA VILEN&#039;S"). Numeric references and the named ones a Peruvian
 * name can hold are decoded, once; anything else is left as written.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  uuml: 'ü',
  Uuml: 'Ü',
  deg: '°',
  ordm: 'º',
  ordf: 'ª',
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,8}));/g;

function fromCodePoint(codePoint: number, reference: string): string {
  const valid =
    codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : reference;
}

export function unescapeHtml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number(decimal), reference);
    if (hex !== undefined) return fromCodePoint(parseInt(hex, 16), reference);
    return NAMED[name!] ?? reference;
  });
}
