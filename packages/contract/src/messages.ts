/**
 * Messages the API answers with. Existing integrations match some of them
 * literally, so the legacy ones keep their original wording and spelling.
 */
export const API_MESSAGES = {
  companyExists: 'Esta empresa ya esta registrada',
  invalidCredentials: 'credenciales inválidas',
  documentNotFound: 'documento no encontrado',
  voidFailed: 'No se pudo anular el documento',
  voided: 'comprobante anulado',
  passwordChangeFailed: 'No se pudo cambiar la contraseña',
  passwordChanged: 'contraseña actualizada',
  invalidAdminToken: 'Token inválido',
  adminDisabled: 'La administración por API está deshabilitada (configure ADMIN_TOKEN).',
  companyCreated: 'Empresa registrada',
  companyUpdated: 'Empresa actualizada',
  companyNotFound: 'Empresa no encontrada',
  issuerMismatch: 'el ruc del emisor no coincide con el XML',
  publishConflict: 'El comprobante ya fue publicado con un XML distinto.',
  clientRegistered: 'Cuenta creada. Ya puede ingresar.',
  clientExists: 'Ya existe una cuenta para este RUC. Si olvidó su contraseña, restablézcala.',
  proofRejected: 'Los datos del comprobante no corresponden a un documento emitido a este RUC.',
  passwordReset: 'Contraseña restablecida. Ya puede ingresar.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  invalidRuc: 'El RUC no es válido.',
  loggedOut: 'Sesión cerrada',
  unauthorized: 'No autorizado',
  sessionExpired: 'Su sesión expiró. Vuelva a ingresar.',
  forbiddenScope: 'Este acceso no permite esta operación.',
  xsrfMissing: 'Falta el encabezado X-XSRF-TOKEN o no coincide.',
  notFound: 'Recurso no encontrado',
  tooManyAttempts: 'Demasiados intentos fallidos. Intente nuevamente más tarde.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  internalError: 'Ocurrió un error inesperado. Intente nuevamente.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
} as const;

export type ApiMessageKey = keyof typeof API_MESSAGES;
