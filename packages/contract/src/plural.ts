/** "1 minuto", "2 minutos": a count with its noun in the number it takes. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
