const SOL_REGISTRATION_RETIRED = 'El registro ya no usa el usuario ni la clave SOL.';
const REGISTRATION_NEEDS_PROOF =
  'Para crear una cuenta se necesitan los datos de un comprobante electrónico emitido a su RUC y publicado en este portal: RUC del emisor, tipo, serie-número, fecha de emisión e importe total.';
const CLIENT_EXISTS_UNVERIFIED =
  'Ya existe una cuenta para este RUC. Si es suya y olvidó su contraseña, restablézcala. Si usted no la creó, pida al operador del portal que verifique su RUC: le dará una contraseña nueva, cerrará las sesiones abiertas y la cuenta verá los comprobantes de todos sus emisores.';
const EXPORT_WOULD_HOLD = 'La exportación tendría {count} comprobantes y el máximo';

/**
 * Messages the API answers with, keyed by the `code` every error answer
 * carries. Existing integrations match some of them literally, so the legacy
 * ones keep their original wording and spelling. `{name}` marks a value the
 * answer fills in (see `formatMessage`).
 */
export const API_MESSAGES = {
  companyExists: 'Esta empresa ya esta registrada',
  invalidCredentials: 'credenciales inválidas',
  documentNotFound: 'documento no encontrado',
  signedLinkGone: 'El enlace no existe o expiró.',
  voidFailed: 'No se pudo anular el documento',
  voided: 'comprobante anulado',
  passwordChangeFailed: 'No se pudo cambiar la contraseña',
  passwordChanged: 'contraseña actualizada',
  invalidAdminToken: 'Token inválido',
  adminDisabled: 'La administración por API está deshabilitada (configure ADMIN_TOKEN).',
  companyCreated: 'Empresa registrada',
  companyUpdated: 'Empresa actualizada',
  companyNotFound: 'Empresa no encontrada',
  companyTokenRevoked: 'Token revocado. Deja de funcionar de inmediato.',
  companyTokenNotFound: 'Token no encontrado.',
  tooManyCompanyTokens:
    'Un emisor puede tener hasta 20 tokens. Revoque los que ya no use antes de crear otro.',
  companyTokenNeedsPassword:
    'Los tokens se administran ingresando con la contraseña del emisor, no con otro token.',
  issuerMismatch: 'el ruc del emisor no coincide con el XML',
  publishConflict: 'El comprobante ya fue publicado con un XML distinto.',
  invalidSignature:
    'Publicado, pero la firma digital del XML no es válida: el XML fue modificado después de firmarse o la firma está dañada. Los receptores lo verán marcado.',
  clientRegistered: 'Cuenta creada.',
  clientExists: 'Ya existe una cuenta para este RUC. Si olvidó su contraseña, restablézcala.',
  clientExistsUnverified: CLIENT_EXISTS_UNVERIFIED,
  clientExistsUnverifiedContact: `${CLIENT_EXISTS_UNVERIFIED} {contact}`,
  issuerAdded: 'Emisor agregado: ya puede ver sus comprobantes.',
  issuerAlreadyOpen: 'Esta cuenta ya ve los comprobantes de este emisor.',
  clientVerified: 'Cuenta verificada: ve los comprobantes de todos sus emisores.',
  clientVerifiedNewPassword:
    'Cuenta verificada: ve los comprobantes de todos sus emisores. Se le asignó una contraseña nueva y sus sesiones se cerraron; entregue la contraseña solo al titular del RUC.',
  clientAlreadyVerified: 'La cuenta ya estaba verificada.',
  solRegistrationRetired: SOL_REGISTRATION_RETIRED,
  registrationNeedsProof: REGISTRATION_NEEDS_PROOF,
  registrationNeedsProofAt: `${REGISTRATION_NEEDS_PROOF} Regístrese en {url}.`,
  solRegistrationRetiredAt: `${SOL_REGISTRATION_RETIRED} ${REGISTRATION_NEEDS_PROOF} Regístrese en {url}.`,
  proofRejected: 'Los datos del comprobante no corresponden a un documento emitido a este RUC.',
  passwordReset: 'Contraseña restablecida. Ya puede ingresar.',
  proofResetRetired:
    'Los datos de un comprobante ya no permiten cambiar la contraseña de una cuenta existente. Use «¿Olvidó su contraseña?» para recibir un enlace en un correo confirmado de la cuenta; si la cuenta no tiene ninguno, pida al operador del portal que la restablezca.',
  mailDisabled:
    'El envío de correos no está activado en este portal. Pida al operador que lo configure (SMTP_URL).',
  emailConfirmationSent:
    'Le enviamos un enlace de confirmación. Ábralo para empezar a recibir correos en esa dirección.',
  emailAlreadyConfirmed: 'Esa dirección ya está confirmada.',
  emailConfirmed: 'Dirección de correo confirmada.',
  emailRemoved: 'Dirección de correo eliminada.',
  emailNotFound: 'Dirección de correo no encontrada.',
  tooManyEmails: 'Una cuenta puede tener hasta 5 direcciones de correo.',
  emailNeedsPassword: 'Para agregar un correo, ingrese la contraseña actual de la cuenta.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  noticesNeedAddress:
    'Para recibir avisos, primero agregue y confirme una dirección en «Correos electrónicos» de su perfil.',
  samePassword: 'La nueva contraseña es igual a la actual. Elija una distinta.',
  weakPassword:
    'La contraseña es fácil de adivinar. Evite contraseñas comunes, palabras o nombres sueltos, fechas, secuencias de teclado y su RUC o razón social; use una frase de varias palabras o combine palabras poco comunes con números y símbolos.',
  invalidLink: 'El enlace no es válido o ya venció. Solicite uno nuevo.',
  passwordResetRequested:
    'Si la cuenta tiene un correo confirmado, le enviamos un enlace para restablecer la contraseña, válido por 30 minutos. Si no tiene ninguno, solo el operador del portal puede restablecerla.',
  clientNotFound: 'No existe una cuenta para este RUC.',
  clientPasswordSet: 'Contraseña de la cuenta actualizada; sus sesiones se cerraron.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  invalidRuc: 'El RUC no es válido.',
  loggedOut: 'Sesión cerrada',
  unauthorized: 'No autorizado',
  sessionExpired: 'Su sesión expiró. Vuelva a ingresar.',
  forbiddenScope: 'Este acceso no permite esta operación.',
  xsrfMissing: 'Falta el encabezado X-XSRF-TOKEN o no coincide.',
  notFound: 'Recurso no encontrado',
  tooManyAttempts: 'Demasiados intentos fallidos. Intente nuevamente más tarde.',
  verificationRequired:
    'Hubo demasiados intentos fallidos con estos datos. Para continuar se necesita una verificación de seguridad: un cálculo de alrededor de un segundo que su navegador hace por sí solo, sin que usted tenga que hacer nada. Integraciones: resuelva el desafío de GET /api/challenge y envíe la solución en el encabezado X-Challenge-Solution.',
  addressVerificationRequired:
    'Hubo muchos intentos fallidos desde su conexión. Para continuar se necesita una verificación de seguridad más larga: un cálculo de unos segundos que su navegador hace por sí solo, sin que usted tenga que hacer nada. Integraciones: resuelva el desafío de GET /api/challenge?level=address y envíe la solución en el encabezado X-Challenge-Solution.',
  challengeInvalid: 'La verificación de seguridad no es válida o ya se usó. Solicite otra.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  internalError: 'Ocurrió un error inesperado. Intente nuevamente.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  pdfUnavailable:
    'No se pudo generar la representación impresa (PDF) de este comprobante porque excede los límites de tiempo o memoria. Descargue el XML, que tiene el contenido completo.',
  databaseUnavailable:
    'El servicio no puede consultar su base de datos en este momento; no se guardó ningún cambio. Intente nuevamente en unos segundos.',
  serverBusy:
    'El servidor está ocupado procesando otros documentos. Intente nuevamente en unos segundos.',
  xmlTooComplex:
    'El XML es demasiado complejo para procesarlo dentro de los límites de tiempo y memoria del servidor.',
  // Requests the framework or the validation refuses.
  invalidRequest: 'Solicitud inválida.',
  invalidData: 'Datos inválidos.',
  validationFailed: '{reason}',
  validationFailedField: '{reason} (campo: {field})',
  unsupportedMediaType: 'Tipo de contenido no soportado: envíe JSON.',
  contentLengthMismatch: 'La longitud declarada del cuerpo no coincide.',
  nullCharacterInBody: 'La solicitud contiene un carácter nulo (U+0000), que no se admite.',
  nullCharacterInField: 'El campo {field} contiene un carácter nulo (U+0000), que no se admite.',
  tooManyAttemptsWait: 'Demasiados intentos fallidos. Intente nuevamente en {wait}.',
  metricsTokenRequired: 'Se requiere el token de métricas.',
  // Lists, exports and files.
  dateRangeReversed: 'La fecha de inicio es posterior a la fecha de fin.',
  invalidCursor: 'El cursor de página no es válido; vuelva a la primera página.',
  exportRunning:
    'Ya hay una exportación en curso para esta cuenta. Espere a que termine o cancélela.',
  exportsPerHour: 'Ya hizo {done} en la última hora. Intente nuevamente en {wait}.',
  exportTooLargeZip: `${EXPORT_WOULD_HOLD} en ZIP es {limit}. Acote el rango de fechas, o exporte la lista en Excel o CSV, que no llevan los archivos.`,
  exportTooLargeXlsx: `${EXPORT_WOULD_HOLD} en Excel es {limit}, las filas de una hoja. Exporte en CSV o acote el rango de fechas.`,
  exportTooLargeCsv: `${EXPORT_WOULD_HOLD} es {limit}.`,
  cdrNotPublished: 'Este comprobante no tiene CDR publicado.',
  fileStoreUnavailable:
    'El almacenamiento de archivos no está disponible en este momento; no se guardó nada. Intente nuevamente en unos minutos.',
  // Publishing.
  fileNotBase64: 'El {label} no está codificado en base64.',
  fileTooLarge: 'El {label} supera el tamaño máximo de {limit} MB.',
  xmlMissing: 'Envíe el XML en base64.',
  xmlInvalid: '{reason}',
  pdfNotPdf: 'El archivo enviado como PDF no es un PDF.',
  invalidSeries: "La serie '{series}' no es válida: debe tener 4 caracteres alfanuméricos.",
  invalidNumber: "El número '{number}' no es válido: debe tener entre 1 y 8 dígitos.",
  invalidCurrency: "La moneda '{currency}' no es un código ISO 4217 de 3 letras.",
  invalidCustomerDocument: 'El documento del cliente no es válido.',
  amountTooLarge:
    'El monto de {source}, {amount}, supera el máximo que se puede guardar ({digits} dígitos enteros).',
  cdrInvalid: 'El CDR no es válido: {reason}',
  cdrOtherDocument: 'El CDR corresponde al comprobante {cdrDocument}, no a {document}.',
  cdrOtherIssuer: 'El CDR corresponde al emisor {cdrIssuer}, no a {issuer}.',
  cdrRejected: 'SUNAT rechazó este comprobante (código {code}: {description}); no se publica.',
  cdrNotReceived: 'El CDR no acredita la recepción del comprobante (código {code}: {description}).',
  // Received documents (a receiver's own copies).
  receivedFilesMissing:
    "Envíe uno o más archivos XML o ZIP en la parte 'files' (multipart/form-data).",
  receivedTooManyFiles: 'Envíe como máximo {max} archivos por carga.',
  receivedTooLarge: 'La carga supera el tamaño máximo de {limit} MB: envíela en partes.',
  receivedXmlTooLarge: 'El XML supera el tamaño máximo de {limit} MB.',
  receivedZipTooLarge: 'El ZIP supera el tamaño máximo de {limit} MB.',
  receivedNotHeld: 'El comprobante no existe en su archivo.',
  receivedPublished:
    'Este comprobante lo publicó su emisor: solo puede quitar las copias que usted agregó (cargadas o recibidas por correo).',
  receivedNotAddressed:
    'El comprobante no está dirigido a su RUC ({ruc}): su cliente es {customer}.',
  // SUNAT's state of documents.
  sunatCredentialsRejected: '{reason}',
  sunatCredentialsUnreadable:
    'Las credenciales guardadas ya no se pueden leer porque cambió la clave de cifrado del servidor (SECRETS_KEY). Ingréselas de nuevo.',
  sunatCredentialsMissing:
    'No hay credenciales de API SUNAT guardadas. Ingréselas en su perfil para consultar en SUNAT el estado de sus comprobantes.',
  sunatCredentialsRefused:
    'SUNAT rechazó las credenciales guardadas: revise las «Credenciales de API SUNAT» en SOL e ingréselas de nuevo.',
  sunatSecretsKeyMissing:
    'El portal no puede guardar credenciales porque falta configurar su clave de cifrado (SECRETS_KEY). Avise al operador del portal.',
  sunatNotCheckable:
    'SUNAT no consulta el estado de guías de remisión, comprobantes de retención ni de percepción.',
  sunatCheckRunning:
    'Ya hay una verificación de un periodo en curso. Espere a que termine para empezar otra.',
  sunatNothingToCheck: 'No hay comprobantes que SUNAT pueda consultar entre esas fechas.',
  sunatTooManyToCheck:
    'Una verificación puede abarcar hasta 10 000 comprobantes: acorte el periodo.',
  sunatPending:
    'SUNAT aún no responde; el resultado se guardará en el comprobante en cuanto llegue.',
  sunatCheckFailed: '{reason}',
  sunatCheckNotFound: 'Verificación no encontrada.',
  // Reconciliation with SIRE's proposal.
  reconciliationFileMissing:
    'Envíe la propuesta del RCE en la parte «file» (multipart/form-data): el TXT o el CSV de SIRE, o el ZIP que los contiene.',
  reconciliationTooLarge: 'El archivo supera los 100 MB, el máximo admitido para una propuesta.',
  reconciliationNoRows: 'La propuesta no tiene comprobantes: solo trae la fila de encabezados.',
  reconciliationNotFound: 'Conciliación no encontrada.',
  reconciliationStillRunning:
    'Esta propuesta ya se está procesando. Espere a que termine para importarla de nuevo.',
  reconciliationZipEmpty: 'El ZIP no contiene una propuesta del RCE (un archivo .txt o .csv).',
  reconciliationZipMany: 'El ZIP contiene más de una propuesta: envíe una a la vez.',
  reconciliationZipUnreadable: '{reason}',
  reconciliationNotReady:
    'La conciliación aún se está procesando o falló: espere a que esté lista.',
  reconciliationUnknownRows: 'Estas filas no están en la propuesta de esta conciliación: {rows}.',
  reconciliationNotComplementable:
    'Solo se pueden complementar comprobantes que SUNAT no propuso (facturas y notas) emitidos hasta el periodo: {rows}.',
  reconciliationNoMatched: 'Ninguna fila de esta conciliación tiene un comprobante en SUFEL.',
  reconciliationTooManyForZip:
    'La conciliación tiene {count} comprobantes con XML y un ZIP admite hasta {limit}: descárguelos por rangos de fechas desde la lista de comprobantes.',
  proposalUnreadable: '{reason}',
  proposalNoReadableRow: 'Ninguna fila de la propuesta se pudo leer. {reason}',
  proposalOtherRuc: 'La propuesta es del RUC {proposalRuc}, no de esta cuenta ({accountRuc}).',
  proposalFuturePeriod: 'El periodo {period} de la propuesta todavía no ha llegado.',
  sireCredentialsMissing:
    'Guarde primero sus credenciales SIRE (client id y client secret de la aplicación registrada en SOL, usuario y clave SOL).',
  sireCredentialsRejected: '{reason}',
  sireCredentialsRefused: 'SUNAT rechazó estas credenciales SIRE. Revíselas y guárdelas de nuevo.',
  sireCredentialsUnreadable:
    'Las credenciales SIRE guardadas ya no se pueden leer (cambió la clave del servidor). Guárdelas de nuevo.',
  sireSecretsKeyMissing:
    'El servidor no tiene configurada la clave para guardar credenciales (SECRETS_KEY). Avise al operador.',
  sireFuturePeriod: 'El periodo todavía no ha llegado: SUNAT aún no tiene su propuesta.',
  sireWrongProposal:
    'SIRE entregó la propuesta del RUC {proposalRuc} y el periodo {proposalPeriod}, no la pedida ({accountRuc}, {period}).',
  sireUploadUnreadable: '{reason}',
  backgroundExportPreparing:
    'Ya se está preparando una exportación en ZIP. Espere a que termine para pedir otra.',
  backgroundExportEmpty: 'No hay comprobantes con esos filtros: no hay nada que exportar.',
  backgroundExportNotFound: 'No existe esa exportación.',
  backgroundExportNotReady: 'La exportación aún se está preparando.',
  backgroundExportFailed: 'La exportación no se pudo preparar. Pídala de nuevo.',
  backgroundExportExpired:
    'La exportación venció: se puede descargar durante {hours} horas. Pídala de nuevo.',
  backgroundExportBuildFailed:
    'No se pudo preparar el ZIP. Pídalo de nuevo; si vuelve a fallar, acote las fechas.',
} as const;

export type ApiMessageKey = keyof typeof API_MESSAGES;

/** The names a message's `{name}` marks stand for. */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values a message needs, by name; nothing for a message without marks. */
export type MessageParams<K extends ApiMessageKey> = Readonly<
  Record<Placeholders<(typeof API_MESSAGES)[K]>, string | number>
>;

/** A message that needs no values. */
export type PlainMessageKey = {
  [K in ApiMessageKey]: [Placeholders<(typeof API_MESSAGES)[K]>] extends [never] ? K : never;
}[ApiMessageKey];

const MARK = /\{(\w+)\}/g;

/** A message with its marks filled in; a mark without a value stays as written. */
export function formatMessage(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(MARK, (mark, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : mark,
  );
}

/**
 * The values a message was filled in with, read back against its template;
 * null when the message was not written from it.
 */
export function readMessageParams(
  template: string,
  message: string,
): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(MARK)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '([\\s\\S]*?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(message);
  if (match === null) return null;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}
