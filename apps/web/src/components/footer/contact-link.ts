/**
 * Where the operator's contact leads: an e-mail address to `mailto:`, a phone
 * number to `tel:`, a web address to itself; anything else is shown as text.
 * A contact configured as a `mailto:` or `tel:` link leads to its address.
 */
export function contactHref(contact: string): string | null {
  const text = contactText(contact);
  if (/^https?:\/\/\S+$/i.test(text)) return text;
  if (/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(text)) return `mailto:${text}`;
  if (/^\+?[\d\s().-]{6,}$/.test(text) && /\d{6,}/.test(text.replace(/\D/g, ''))) {
    return `tel:${text.replace(/[^\d+]/g, '')}`;
  }
  return null;
}

/** The contact as a person reads it: a `mailto:` or `tel:` link shows its address. */
export function contactText(contact: string): string {
  return contact.trim().replace(/^(?:mailto|tel):/i, '');
}
