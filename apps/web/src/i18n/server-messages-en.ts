/**
 * English for the Spanish messages the server and the shared contract answer
 * with (API errors, validation messages), keyed by their Spanish text.
 */
export const SERVER_MESSAGES_EN: Readonly<Record<string, string>> = {
  'Esta empresa ya esta registrada': 'This company is already registered',
  'credenciales inválidas': 'Invalid credentials',
  'documento no encontrado': 'Document not found',
  'No se pudo anular el documento': 'The document could not be voided',
  'comprobante anulado': 'Document voided',
  'No se pudo cambiar la contraseña': 'The password could not be changed',
  'contraseña actualizada': 'Password updated',
  'Token inválido': 'Invalid token',
  'La administración por API está deshabilitada (configure ADMIN_TOKEN).':
    'Administration through the API is disabled (set ADMIN_TOKEN).',
  'Empresa registrada': 'Company registered',
  'Empresa actualizada': 'Company updated',
  'Empresa no encontrada': 'Company not found',
  'el ruc del emisor no coincide con el XML': "The issuer's RUC does not match the XML",
  'El comprobante ya fue publicado con un XML distinto.':
    'The document was already published with a different XML.',
  'Cuenta creada. Ya puede ingresar.': 'Account created. You can now sign in.',
  'Ya existe una cuenta para este RUC. Si olvidó su contraseña, restablézcala.':
    'An account already exists for this RUC. If you forgot your password, reset it.',
  'Los datos del comprobante no corresponden a un documento emitido a este RUC.':
    'The document data does not match a document issued to this RUC.',
  'Contraseña restablecida. Ya puede ingresar.': 'Password reset. You can now sign in.',
  'Las contraseñas no coinciden.': 'The passwords do not match.',
  'El RUC no es válido.': 'The RUC is not valid.',
  'Sesión cerrada': 'Signed out',
  'No autorizado': 'Not authorised',
  'Su sesión expiró. Vuelva a ingresar.': 'Your session expired. Please sign in again.',
  'Este acceso no permite esta operación.': 'This access does not allow this operation.',
  'Falta el encabezado X-XSRF-TOKEN o no coincide.':
    'The X-XSRF-TOKEN header is missing or does not match.',
  'Recurso no encontrado': 'Resource not found',
  'Demasiados intentos fallidos. Intente nuevamente más tarde.':
    'Too many failed attempts. Please try again later.',
  'La solicitud es demasiado grande.': 'The request is too large.',
  'Ocurrió un error inesperado. Intente nuevamente.':
    'An unexpected error occurred. Please try again.',
  'El cuerpo de la solicitud no es JSON válido.': 'The request body is not valid JSON.',
  'Ingrese el RUC.': 'Enter the RUC.',
  'El RUC debe tener 11 dígitos.': 'The RUC must have 11 digits.',
  'Tipo de documento inválido (01, 03, 07 u 08).': 'Invalid document type (01, 03, 07 or 08).',
  'Ingrese la fecha.': 'Enter the date.',
  'Fecha inválida (use AAAA-MM-DD).': 'Invalid date (use YYYY-MM-DD).',
  'Ingrese el total.': 'Enter the total.',
  'Total inválido.': 'Invalid total.',
  'Ingrese la serie y el correlativo.': 'Enter the series and number.',
  'Use el formato serie-correlativo, por ejemplo F001-123.':
    'Use the series-number format, for example F001-123.',
  'Serie inválida.': 'Invalid series.',
  'Correlativo inválido.': 'Invalid number.',
  'Ingrese la contraseña.': 'Enter the password.',
  'La contraseña debe tener al menos 8 caracteres.':
    'The password must have at least 8 characters.',
  'La contraseña no puede tener más de 128 caracteres.':
    'The password cannot be longer than 128 characters.',
  'Ingrese la razón social.': 'Enter the company name.',
  'Repita la contraseña.': 'Repeat the password.',
};
