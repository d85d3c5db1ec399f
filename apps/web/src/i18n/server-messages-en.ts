/**
 * English for the Spanish texts the server and the shared contract send
 * outside the message catalogue (validation rules, answers of features,
 * log entries), keyed by their Spanish text. The catalogue's own messages
 * have their English in `api-messages-en.ts`, by code.
 */
export const SERVER_MESSAGES_EN: Readonly<Record<string, string>> = {
  // The footer's default legal line (SUFEL_LEGAL_NOTE unset).
  'Los comprobantes se muestran tal como su emisor los publicó; su validez puede verificarse en SUNAT.':
    'Documents are shown as their issuer published them; their validity can be checked with SUNAT.',
  // Removing a received copy (apps/server/src/modules/received).
  'Comprobante quitado de su archivo.': 'Document removed from your archive.',
  // What a received mail's log entry says (apps/server/src/modules/inbox).
  'El correo no trae archivos XML ni ZIP adjuntos: no se agregó ningún comprobante.':
    'The mail has no XML or ZIP attachments: no document was added.',
  'El correo no se pudo leer: su formato está dañado. Pida al remitente que lo envíe de nuevo.':
    'The mail could not be read: its format is damaged. Ask the sender to send it again.',
  'El almacenamiento de archivos no está disponible en este momento; el correo está guardado y se leerá automáticamente en cuanto vuelva.':
    'File storage is unavailable right now; the mail is kept and will be read as soon as storage is back.',
  'El correo guardado ya no se encuentra en el almacenamiento de archivos; pida al remitente que lo envíe de nuevo.':
    'The stored mail is no longer in file storage; ask the sender to send it again.',
  'No se pudo leer el correo después de varios intentos. El correo sigue guardado; el operador del portal puede revisarlo en el registro del servidor.':
    "The mail could not be read after several attempts. It is still kept; the portal's operator can look into it in the server's log.",
  'No es un archivo XML ni ZIP: no se lee.': 'Neither an XML nor a ZIP file: not read.',
  'Formato de exportación desconocido: use zip, csv o xlsx.':
    'Unknown export format: use zip, csv or xlsx.',
  'Ingrese el RUC.': 'Enter the RUC.',
  'El RUC debe tener 11 dígitos.': 'The RUC must have 11 digits.',
  'Tipo de documento inválido (01, 03, 07, 08, 20 o 40).':
    'Invalid document type (01, 03, 07, 08, 20 or 40).',
  'Ingrese la fecha.': 'Enter the date.',
  'Fecha inválida (use AAAA-MM-DD).': 'Invalid date (use YYYY-MM-DD).',
  'Ingrese el total.': 'Enter the total.',
  'Escriba el total como figura en el comprobante, por ejemplo S/ 1,180.00 o 1180.00.':
    'Write the total as it is printed on the document, for example S/ 1,180.00 or 1180.00.',
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
  'Ingrese el correo electrónico.': 'Enter the e-mail address.',
  'El correo electrónico no puede tener más de 254 caracteres.':
    'The e-mail address cannot be longer than 254 characters.',
  'El correo electrónico no es válido.': 'The e-mail address is not valid.',
  'Falta el código del enlace.': 'The link has no code.',
  'Cuenta creada. Le enviamos un enlace de confirmación. Ábralo para empezar a recibir correos en esa dirección.':
    'Account created. We sent you a confirmation link. Open it to start receiving e-mail at that address.',
  // SUNAT's state of documents (consulta integrada): SUNAT_VALIDITY_MESSAGES and its request rules.
  'Credenciales guardadas: SUNAT las aceptó.': 'Credentials saved: SUNAT accepted them.',
  'Credenciales guardadas, pero SUNAT no respondió para probarlas; se probarán en la próxima consulta.':
    'Credentials saved, but SUNAT did not answer to try them; they will be tried on the next check.',
  'Credenciales de API SUNAT eliminadas.': 'SUNAT API credentials removed.',
  'SUNAT respondió la consulta.': 'SUNAT answered the check.',
  'SUNAT acepta estas credenciales.': 'SUNAT accepts these credentials.',
  'Ingrese el client id.': 'Enter the client ID.',
  'El client id no puede tener más de 100 caracteres.':
    'The client ID cannot be longer than 100 characters.',
  'El client id solo tiene letras, números y guiones.':
    'The client ID has only letters, digits and hyphens.',
  'Ingrese el client secret.': 'Enter the client secret.',
  'El client secret no puede tener más de 200 caracteres.':
    'The client secret cannot be longer than 200 characters.',
};
