/**
 * Messages the API answers with. Existing integrations match some of them
 * literally, so the legacy ones keep their original wording and spelling.
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
  clientExistsUnverified:
    'Ya existe una cuenta para este RUC. Si es suya y olvidó su contraseña, restablézcala. Si usted no la creó, pida al operador del portal que verifique su RUC: le dará una contraseña nueva, cerrará las sesiones abiertas y la cuenta verá los comprobantes de todos sus emisores.',
  issuerAdded: 'Emisor agregado: ya puede ver sus comprobantes.',
  issuerAlreadyOpen: 'Esta cuenta ya ve los comprobantes de este emisor.',
  clientVerified: 'Cuenta verificada: ve los comprobantes de todos sus emisores.',
  clientVerifiedNewPassword:
    'Cuenta verificada: ve los comprobantes de todos sus emisores. Se le asignó una contraseña nueva y sus sesiones se cerraron; entregue la contraseña solo al titular del RUC.',
  clientAlreadyVerified: 'La cuenta ya estaba verificada.',
  solRegistrationRetired: 'El registro ya no usa el usuario ni la clave SOL.',
  registrationNeedsProof:
    'Para crear una cuenta se necesitan los datos de un comprobante electrónico emitido a su RUC y publicado en este portal: RUC del emisor, tipo, serie-número, fecha de emisión e importe total.',
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
} as const;

export type ApiMessageKey = keyof typeof API_MESSAGES;
