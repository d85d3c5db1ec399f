/**
 * SUNAT catalogue 54, the goods and services subject to detracción (the common
 * services): the printed PDF and the web's money views name the code the same
 * way. Unknown codes are shown as they come, so nothing the XML states is hidden.
 */
const DETRACTION_GOODS: Readonly<Record<string, string>> = {
  '012': 'Intermediación laboral y tercerización',
  '019': 'Arrendamiento de bienes muebles',
  '020': 'Mantenimiento y reparación de bienes muebles',
  '021': 'Movimiento de carga',
  '022': 'Otros servicios empresariales',
  '024': 'Comisión mercantil',
  '025': 'Fabricación de bienes por encargo',
  '026': 'Servicio de transporte de personas',
  '027': 'Servicio de transporte de carga',
  '030': 'Contratos de construcción',
  '037': 'Demás servicios gravados con el IGV',
};

/** "022 - Otros servicios empresariales", or the bare code when not among the common ones. */
export function detractionGoodText(code: string): string {
  const name = DETRACTION_GOODS[code];
  return name === undefined ? code : `${code} - ${name}`;
}
