/**
 * SUFEL_CONTACT in a sentence: an address, a phone number or a page, as
 * configured (`mailto:` and `tel:` links are written as their address).
 */
export function operatorContactSentence(contact: string): string {
  const shown = contact.replace(/^(?:mailto|tel):/i, '').trim();
  return `Contacto del operador: ${shown}.`;
}
