/** "FormaPago", "Crédito" → "formapago", "credito": issuers vary case and accents. */
export function keyword(text: string | null): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
