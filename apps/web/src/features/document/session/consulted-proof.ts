import type { ConsultationFields } from '../login/consultation-rules';

const KEY = 'sufel.document.consulted';
const FIELDS = ['emisor', 'tipo', 'documento', 'fecha', 'total'] as const;

function isConsultation(value: unknown): value is ConsultationFields {
  return (
    typeof value === 'object' &&
    value !== null &&
    FIELDS.every((field) => typeof (value as Record<string, unknown>)[field] === 'string')
  );
}

/**
 * The data of the document this tab consulted last, so that Back from its view
 * finds the form filled in. It lives in the tab's sessionStorage, which ends
 * with the tab, and "Nueva consulta" forgets it.
 */
export const consultedProof = {
  read(): ConsultationFields | null {
    const text = sessionStorage.getItem(KEY);
    if (text === null) return null;
    try {
      const value: unknown = JSON.parse(text);
      return isConsultation(value) ? value : null;
    } catch {
      return null;
    }
  },
  save(fields: ConsultationFields): void {
    sessionStorage.setItem(KEY, JSON.stringify(fields));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
