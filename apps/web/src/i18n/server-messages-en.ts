/**
 * English for the Spanish messages the server and the shared contract answer
 * with (API errors, validation messages), keyed by their Spanish text.
 */
export const SERVER_MESSAGES_EN: Readonly<Record<string, string>> = {
  'Esta empresa ya esta registrada': 'This company is already registered',
  // The footer's default legal line (SUFEL_LEGAL_NOTE unset).
  'Los comprobantes se muestran tal como su emisor los publicó; su validez puede verificarse en SUNAT.':
    'Documents are shown as their issuer published them; their validity can be checked with SUNAT.',
  'No se pudo generar la representación impresa (PDF) de este comprobante porque excede los límites de tiempo o memoria. Descargue el XML, que tiene el contenido completo.':
    'The printed representation (PDF) of this document could not be produced because it exceeds the time or memory limits. Download the XML, which holds the whole content.',
  'El servicio no puede consultar su base de datos en este momento; no se guardó ningún cambio. Intente nuevamente en unos segundos.':
    'The service cannot reach its database right now; no change was saved. Try again in a few seconds.',
  'El servidor está ocupado procesando otros documentos. Intente nuevamente en unos segundos.':
    'The server is busy processing other documents. Try again in a few seconds.',
  'El XML es demasiado complejo para procesarlo dentro de los límites de tiempo y memoria del servidor.':
    "The XML is too complex to process within the server's time and memory limits.",
  'credenciales inválidas': 'Invalid credentials',
  // Removing a received copy (apps/server/src/modules/received).
  'El comprobante no existe en su archivo.': 'The document is not in your archive.',
  'Este comprobante lo publicó su emisor: solo puede quitar las copias que usted agregó (cargadas o recibidas por correo).':
    'This document was published by its issuer: you can only remove the copies you added (uploaded or received by e-mail).',
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
  'documento no encontrado': 'Document not found',
  'El enlace no existe o expiró.': 'The link does not exist or has expired.',
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
  'Cuenta creada.': 'Account created.',
  'Ya existe una cuenta para este RUC. Si olvidó su contraseña, restablézcala.':
    'An account already exists for this RUC. If you forgot your password, reset it.',
  'Los datos del comprobante no corresponden a un documento emitido a este RUC.':
    'The document data does not match a document issued to this RUC.',
  'Contraseña restablecida. Ya puede ingresar.': 'Password reset. You can now sign in.',
  'Las contraseñas no coinciden.': 'The passwords do not match.',
  'El RUC no es válido.': 'The RUC is not valid.',
  'Sesión cerrada': 'Signed out',
  'Formato de exportación desconocido: use zip, csv o xlsx.':
    'Unknown export format: use zip, csv or xlsx.',
  'Ya hay una exportación en curso para esta cuenta. Espere a que termine o cancélela.':
    'An export is already running for this account. Wait for it to finish or cancel it.',
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
  'Los datos de un comprobante ya no permiten cambiar la contraseña de una cuenta existente. Use «¿Olvidó su contraseña?» para recibir un enlace en un correo confirmado de la cuenta; si la cuenta no tiene ninguno, pida al operador del portal que la restablezca.':
    'The data of a document no longer changes the password of an existing account. Use «Forgot your password?» to receive a link at a confirmed e-mail of the account; if it has none, ask the portal operator to reset it.',
  'El envío de correos no está activado en este portal. Pida al operador que lo configure (SMTP_URL).':
    'This portal does not send e-mail. Ask the operator to configure it (SMTP_URL).',
  'Le enviamos un enlace de confirmación. Ábralo para empezar a recibir correos en esa dirección.':
    'We sent you a confirmation link. Open it to start receiving e-mail at that address.',
  'Esa dirección ya está confirmada.': 'That address is already confirmed.',
  'Dirección de correo confirmada.': 'E-mail address confirmed.',
  'Dirección de correo eliminada.': 'E-mail address removed.',
  'Dirección de correo no encontrada.': 'E-mail address not found.',
  'Una cuenta puede tener hasta 5 direcciones de correo.':
    'An account can have up to 5 e-mail addresses.',
  'Para agregar un correo, ingrese la contraseña actual de la cuenta.':
    "To add an e-mail address, enter the account's current password.",
  'La contraseña actual no es correcta.': 'The current password is not correct.',
  'Para recibir avisos, primero agregue y confirme una dirección en «Correos electrónicos» de su perfil.':
    'To receive notices, first add and confirm an address under "E-mail addresses" in your profile.',
  'La nueva contraseña es igual a la actual. Elija una distinta.':
    'The new password is the same as the current one. Choose a different one.',
  'La contraseña es fácil de adivinar. Evite contraseñas comunes, palabras o nombres sueltos, fechas, secuencias de teclado y su RUC o razón social; use una frase de varias palabras o combine palabras poco comunes con números y símbolos.':
    'The password is easy to guess. Avoid common passwords, lone words or names, dates, keyboard sequences and your RUC or company name; use a phrase of several words, or combine uncommon words with numbers and symbols.',
  'El enlace no es válido o ya venció. Solicite uno nuevo.':
    'The link is not valid or has expired. Ask for a new one.',
  'Si la cuenta tiene un correo confirmado, le enviamos un enlace para restablecer la contraseña, válido por 30 minutos. Si no tiene ninguno, solo el operador del portal puede restablecerla.':
    'If the account has a confirmed e-mail, we sent it a link to reset the password, valid for 30 minutes. If it has none, only the portal operator can reset it.',
  'No existe una cuenta para este RUC.': 'There is no account for this RUC.',
  'Contraseña de la cuenta actualizada; sus sesiones se cerraron.':
    "The account's password was updated; its sessions were ended.",
  'Hubo demasiados intentos fallidos con estos datos. Para continuar se necesita una verificación de seguridad: un cálculo de alrededor de un segundo que su navegador hace por sí solo, sin que usted tenga que hacer nada. Integraciones: resuelva el desafío de GET /api/challenge y envíe la solución en el encabezado X-Challenge-Solution.':
    'There were too many failed attempts with these data. To go on, a security check is needed: a calculation of about a second that your browser does by itself, with nothing for you to do. Integrations: solve the challenge of GET /api/challenge and send the solution in the X-Challenge-Solution header.',
  'Hubo muchos intentos fallidos desde su conexión. Para continuar se necesita una verificación de seguridad más larga: un cálculo de unos segundos que su navegador hace por sí solo, sin que usted tenga que hacer nada. Integraciones: resuelva el desafío de GET /api/challenge?level=address y envíe la solución en el encabezado X-Challenge-Solution.':
    'There were many failed attempts from your connection. To go on, a longer security check is needed: a calculation of a few seconds that your browser does by itself, with nothing for you to do. Integrations: solve the challenge of GET /api/challenge?level=address and send the solution in the X-Challenge-Solution header.',
  'La verificación de seguridad no es válida o ya se usó. Solicite otra.':
    'The security check is not valid or was already used. Ask for another one.',
  'Ingrese el correo electrónico.': 'Enter the e-mail address.',
  'El correo electrónico no puede tener más de 254 caracteres.':
    'The e-mail address cannot be longer than 254 characters.',
  'El correo electrónico no es válido.': 'The e-mail address is not valid.',
  'Falta el código del enlace.': 'The link has no code.',
  'Cuenta creada. Le enviamos un enlace de confirmación. Ábralo para empezar a recibir correos en esa dirección.':
    'Account created. We sent you a confirmation link. Open it to start receiving e-mail at that address.',
  'Publicado, pero la firma digital del XML no es válida: el XML fue modificado después de firmarse o la firma está dañada. Los receptores lo verán marcado.':
    'Published, but the XML digital signature is not valid: the XML was changed after it was signed or the signature is damaged. Receivers will see it flagged.',
  'El registro ya no usa el usuario ni la clave SOL.':
    'Registration no longer uses the SOL user and password.',
  'Para crear una cuenta se necesitan los datos de un comprobante electrónico emitido a su RUC y publicado en este portal: RUC del emisor, tipo, serie-número, fecha de emisión e importe total.':
    "To create an account you need the data of an electronic document issued to your RUC and published on this portal: the issuer's RUC, type, series-number, issue date and total amount.",
  // SUNAT's state of documents (consulta integrada): SUNAT_VALIDITY_MESSAGES and its request rules.
  'Credenciales guardadas: SUNAT las aceptó.': 'Credentials saved: SUNAT accepted them.',
  'Credenciales guardadas, pero SUNAT no respondió para probarlas; se probarán en la próxima consulta.':
    'Credentials saved, but SUNAT did not answer to try them; they will be tried on the next check.',
  'Las credenciales guardadas ya no se pueden leer porque cambió la clave de cifrado del servidor (SECRETS_KEY). Ingréselas de nuevo.':
    "The saved credentials can no longer be read because the server's encryption key (SECRETS_KEY) changed. Enter them again.",
  'No hay credenciales de API SUNAT guardadas. Ingréselas en su perfil para consultar en SUNAT el estado de sus comprobantes.':
    'No SUNAT API credentials are saved. Enter them in your profile to check the status of your documents with SUNAT.',
  'SUNAT rechazó las credenciales guardadas: revise las «Credenciales de API SUNAT» en SOL e ingréselas de nuevo.':
    'SUNAT refused the saved credentials: check the "Credenciales de API SUNAT" in SOL and enter them again.',
  'Credenciales de API SUNAT eliminadas.': 'SUNAT API credentials removed.',
  'El portal no puede guardar credenciales porque falta configurar su clave de cifrado (SECRETS_KEY). Avise al operador del portal.':
    "The portal cannot keep credentials because its encryption key (SECRETS_KEY) is not set. Tell the portal's operator.",
  'SUNAT no consulta el estado de guías de remisión, comprobantes de retención ni de percepción.':
    'SUNAT does not check the status of dispatch guides, retention or perception receipts.',
  'Ya hay una verificación de un periodo en curso. Espere a que termine para empezar otra.':
    'A check of a period is already running. Wait for it to finish before starting another.',
  'No hay comprobantes que SUNAT pueda consultar entre esas fechas.':
    'There are no documents SUNAT can check between those dates.',
  'Una verificación puede abarcar hasta 10 000 comprobantes: acorte el periodo.':
    'A check can cover up to 10,000 documents: shorten the period.',
  'SUNAT respondió la consulta.': 'SUNAT answered the check.',
  'SUNAT aún no responde; el resultado se guardará en el comprobante en cuanto llegue.':
    'SUNAT has not answered yet; the result will be kept with the document as soon as it arrives.',
  'Verificación no encontrada.': 'Check not found.',
  'SUNAT acepta estas credenciales.': 'SUNAT accepts these credentials.',
  'Ingrese el client id.': 'Enter the client ID.',
  'El client id no puede tener más de 100 caracteres.':
    'The client ID cannot be longer than 100 characters.',
  'El client id solo tiene letras, números y guiones.':
    'The client ID has only letters, digits and hyphens.',
  'Ingrese el client secret.': 'Enter the client secret.',
  'El client secret no puede tener más de 200 caracteres.':
    'The client secret cannot be longer than 200 characters.',
  'Token revocado. Deja de funcionar de inmediato.': 'Token revoked. It stops working at once.',
  'Token no encontrado.': 'Token not found.',
  'Un emisor puede tener hasta 20 tokens. Revoque los que ya no use antes de crear otro.':
    'An issuer can hold up to 20 tokens. Revoke those no longer in use before creating another.',
  'Los tokens se administran ingresando con la contraseña del emisor, no con otro token.':
    "Tokens are managed after logging in with the issuer's password, not with another token.",
  'Ya existe una cuenta para este RUC. Si es suya y olvidó su contraseña, restablézcala. Si usted no la creó, pida al operador del portal que verifique su RUC: le dará una contraseña nueva, cerrará las sesiones abiertas y la cuenta verá los comprobantes de todos sus emisores.':
    "An account already exists for this RUC. If it is yours and you forgot its password, reset it. If you did not create it, ask the portal's operator to verify your RUC: you will get a new password, every open session will end, and the account will see the documents of all your issuers.",
  'Emisor agregado: ya puede ver sus comprobantes.': 'Issuer added: you can now see its documents.',
  'Esta cuenta ya ve los comprobantes de este emisor.':
    "This account already sees this issuer's documents.",
  'Cuenta verificada: ve los comprobantes de todos sus emisores.':
    'Verified account: it sees the documents of all its issuers.',
  'Cuenta verificada: ve los comprobantes de todos sus emisores. Se le asignó una contraseña nueva y sus sesiones se cerraron; entregue la contraseña solo al titular del RUC.':
    "Verified account: it sees the documents of all its issuers. It was given a new password and its sessions were closed; hand the password only to the RUC's holder.",
  'La cuenta ya estaba verificada.': 'The account was already verified.',
};
