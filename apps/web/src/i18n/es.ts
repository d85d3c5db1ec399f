import type { esClient } from './es-client';
import type { esDocument } from './es-document';
import type { esQr } from './es-qr';

/**
 * Every text the portal shows, in Spanish (Peru). `en.ts` mirrors this shape;
 * messages that come from the server or the shared contract are translated by
 * `server-messages-en.ts`.
 */
const core = {
  nav: {
    label: 'Navegación principal',
    newTab: '(se abre en una pestaña nueva)',
    switchLanguage: 'Cambiar el idioma a inglés',
    otherLanguage: 'EN',
    documents: 'Mis comprobantes',
    login: 'Acceso empresas',
  },
  footer: {
    operatedBy: 'Portal operado por',
    contact: 'Contacto',
  },
  titles: { consultation: 'Consulta de comprobante', document: 'Comprobante' },
  notFound: {
    title: 'Página no encontrada',
    text: 'Este portal no tiene ninguna página en la dirección',
    home: 'Ir al inicio',
  },
  home: {
    title: 'Comprobantes electrónicos',
    subtitle: 'Consulte, visualice y descargue los comprobantes emitidos a su nombre.',
    individual: 'Consulta individual',
    companies: 'Consulta para empresas',
  },
  common: {
    loading: 'Cargando…',
    accept: 'ACEPTAR',
    cancel: 'Cancelar',
    networkError: 'No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.',
    unexpectedError: 'Ocurrió un error inesperado. Intente nuevamente.',
    sectionFailed: 'No se pudo cargar esta sección.',
    reload: 'Volver a cargar',
    counter: (count: number, max: number) => `${count} / ${max}`,
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    sessionExpired: 'Su sesión expiró. Vuelva a ingresar.',
    dateInvalid: 'Ingrese una fecha válida.',
    dateInFuture: 'La fecha no puede ser posterior a hoy.',
    dateFormatHint: 'Formato dd/mm/aaaa',
    chooseDate: 'Elegir la fecha en un calendario',
  },
  documentTypes: {
    '01': { title: 'FACTURA ELECTRÓNICA', label: 'Factura', short: 'FAC' },
    '03': { title: 'BOLETA DE VENTA ELECTRÓNICA', label: 'Boleta', short: 'BOL' },
    '07': { title: 'NOTA DE CRÉDITO ELECTRÓNICA', label: 'Nota de Crédito', short: 'NCR' },
    '08': { title: 'NOTA DE DÉBITO ELECTRÓNICA', label: 'Nota de Débito', short: 'NDB' },
    '20': {
      title: 'COMPROBANTE DE RETENCIÓN ELECTRÓNICO',
      label: 'Comprobante de Retención',
      short: 'RET',
    },
    '40': {
      title: 'COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO',
      label: 'Comprobante de Percepción',
      short: 'PER',
    },
  },
  customerDocumentTypes: {
    '0': 'Doc. tributario no domiciliado',
    '1': 'DNI',
    '4': 'Carné de extranjería',
    '6': 'RUC',
    '7': 'Pasaporte',
    A: 'Cédula diplomática',
    B: 'Doc. de identidad del país de residencia',
    C: 'TIN',
    D: 'IN',
    E: 'TAM',
    '-': 'Sin documento',
  } as Record<string, string>,
  proof: {
    issuer: 'RUC del emisor',
    seriesNumber: 'Serie-Correlativo',
    seriesNumberHint: 'Por ejemplo F001-123',
    type: 'Tipo de documento',
    date: 'Fecha de emisión',
    total: 'Total',
    totalHint: 'Importe total como está impreso, por ejemplo S/ 1,180.00',
  },
  documentLogin: {
    title: 'Consulta de Comprobante Electrónico',
    subtitle: 'Complete la información',
    submit: 'Consultar',
    notFound: 'No se encontraron resultados.',
    scanQr: 'Escanear QR',
  },
  consultationHelp: {
    mustMatch: 'Cada dato debe ser el impreso en el comprobante:',
    dateStillToday: 'todavía es la de hoy',
    dateIsToday: 'Es la fecha de hoy: ¿es la impresa en el comprobante?',
  },
  challenge: {
    verifying:
      'Verificación de seguridad: su navegador hace un cálculo de alrededor de un segundo, por sí solo…',
    verifyingAddress:
      'Hubo muchos intentos fallidos desde su conexión. Verificación de seguridad: su navegador hace un cálculo de unos segundos, por sí solo…',
    attemptsLeft: (count: number) =>
      count === 0
        ? 'El próximo intento pedirá una verificación.'
        : `Intentos antes de una verificación: ${count}.`,
  },
};

export type Messages = typeof core & typeof esClient & typeof esDocument & typeof esQr;

/**
 * The Spanish texts. Those of the company area (`es-client.ts`), of the
 * document view (`es-document.ts`) and of the QR reader (`es-qr.ts`) arrive
 * with their code, so the
 * consultation's first load does not carry them; each adds its texts to this
 * object when its code loads, before any of its screens renders.
 */
export const es = core as Messages;
