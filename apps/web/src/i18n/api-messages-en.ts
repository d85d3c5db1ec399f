import type { ApiMessageKey } from '@sufel/contract/messages';

/**
 * English for every message of the API's catalogue, by the `code` an error
 * answer carries; `{name}` marks stand for the same values as in Spanish.
 */
export const API_MESSAGES_EN: Readonly<Record<ApiMessageKey, string>> = {
  companyExists: 'This company is already registered',
  invalidCredentials: 'Invalid credentials',
  documentNotFound: 'Document not found',
  signedLinkGone: 'The link does not exist or has expired.',
  voidFailed: 'The document could not be voided',
  voided: 'Document voided',
  passwordChangeFailed: 'The password could not be changed',
  passwordChanged: 'Password updated',
  invalidAdminToken: 'Invalid token',
  adminDisabled: 'Administration through the API is disabled (set ADMIN_TOKEN).',
  companyCreated: 'Company registered',
  companyUpdated: 'Company updated',
  companyNotFound: 'Company not found',
  companyTokenRevoked: 'Token revoked. It stops working at once.',
  companyTokenNotFound: 'Token not found.',
  tooManyCompanyTokens:
    'An issuer can hold up to 20 tokens. Revoke those no longer in use before creating another.',
  companyTokenNeedsPassword:
    "Tokens are managed after logging in with the issuer's password, not with another token.",
  issuerMismatch: "The issuer's RUC does not match the XML",
  publishConflict: 'The document was already published with a different XML.',
  invalidSignature:
    'Published, but the XML digital signature is not valid: the XML was changed after it was signed or the signature is damaged. Receivers will see it flagged.',
  clientRegistered: 'Account created.',
  clientExists: 'An account already exists for this RUC. If you forgot your password, reset it.',
  clientExistsUnverified:
    "An account already exists for this RUC. If it is yours and you forgot its password, reset it. If you did not create it, ask the portal's operator to verify your RUC: you will get a new password, every open session will end, and the account will see the documents of all your issuers.",
  clientExistsUnverifiedContact:
    "An account already exists for this RUC. If it is yours and you forgot its password, reset it. If you did not create it, ask the portal's operator to verify your RUC: you will get a new password, every open session will end, and the account will see the documents of all your issuers. {contact}",
  issuerAdded: 'Issuer added: you can now see its documents.',
  issuerAlreadyOpen: "This account already sees this issuer's documents.",
  clientVerified: 'Verified account: it sees the documents of all its issuers.',
  clientVerifiedNewPassword:
    "Verified account: it sees the documents of all its issuers. It was given a new password and its sessions were closed; hand the password only to the RUC's holder.",
  clientAlreadyVerified: 'The account was already verified.',
  solRegistrationRetired: 'Registration no longer uses the SOL user and password.',
  registrationNeedsProof:
    "To create an account you need the data of an electronic document issued to your RUC and published on this portal: the issuer's RUC, type, series-number, issue date and total amount.",
  registrationNeedsProofAt:
    "To create an account you need the data of an electronic document issued to your RUC and published on this portal: the issuer's RUC, type, series-number, issue date and total amount. Register at {url}.",
  solRegistrationRetiredAt:
    "Registration no longer uses the SOL user and password. To create an account you need the data of an electronic document issued to your RUC and published on this portal: the issuer's RUC, type, series-number, issue date and total amount. Register at {url}.",
  proofRejected: 'The document data does not match a document issued to this RUC.',
  passwordReset: 'Password reset. You can now sign in.',
  proofResetRetired:
    'The data of a document no longer changes the password of an existing account. Use «Forgot your password?» to receive a link at a confirmed e-mail of the account; if it has none, ask the portal operator to reset it.',
  mailDisabled: 'This portal does not send e-mail. Ask the operator to configure it (SMTP_URL).',
  emailConfirmationSent:
    'We sent you a confirmation link. Open it to start receiving e-mail at that address.',
  emailAlreadyConfirmed: 'That address is already confirmed.',
  emailConfirmed: 'E-mail address confirmed.',
  emailRemoved: 'E-mail address removed.',
  emailNotFound: 'E-mail address not found.',
  tooManyEmails: 'An account can have up to 5 e-mail addresses.',
  emailNeedsPassword: "To add an e-mail address, enter the account's current password.",
  currentPasswordWrong: 'The current password is not correct.',
  noticesNeedAddress:
    'To receive notices, first add and confirm an address under "E-mail addresses" in your profile.',
  samePassword: 'The new password is the same as the current one. Choose a different one.',
  weakPassword:
    'The password is easy to guess. Avoid common passwords, lone words or names, dates, keyboard sequences and your RUC or company name; use a phrase of several words, or combine uncommon words with numbers and symbols.',
  invalidLink: 'The link is not valid or has expired. Ask for a new one.',
  passwordResetRequested:
    'If the account has a confirmed e-mail, we sent it a link to reset the password, valid for 30 minutes. If it has none, only the portal operator can reset it.',
  clientNotFound: 'There is no account for this RUC.',
  clientPasswordSet: "The account's password was updated; its sessions were ended.",
  passwordsDiffer: 'The passwords do not match.',
  invalidRuc: 'The RUC is not valid.',
  loggedOut: 'Signed out',
  unauthorized: 'Not authorised',
  sessionExpired: 'Your session expired. Please sign in again.',
  forbiddenScope: 'This access does not allow this operation.',
  xsrfMissing: 'The X-XSRF-TOKEN header is missing or does not match.',
  notFound: 'Resource not found',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  verificationRequired:
    'There were too many failed attempts with these data. To go on, a security check is needed: a calculation of about a second that your browser does by itself, with nothing for you to do. Integrations: solve the challenge of GET /api/challenge and send the solution in the X-Challenge-Solution header.',
  addressVerificationRequired:
    'There were many failed attempts from your connection. To go on, a longer security check is needed: a calculation of a few seconds that your browser does by itself, with nothing for you to do. Integrations: solve the challenge of GET /api/challenge?level=address and send the solution in the X-Challenge-Solution header.',
  challengeInvalid: 'The security check is not valid or was already used. Ask for another one.',
  payloadTooLarge: 'The request is too large.',
  internalError: 'An unexpected error occurred. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  pdfUnavailable:
    'The printed representation (PDF) of this document could not be produced because it exceeds the time or memory limits. Download the XML, which holds the whole content.',
  databaseUnavailable:
    'The service cannot reach its database right now; no change was saved. Try again in a few seconds.',
  serverBusy: 'The server is busy processing other documents. Try again in a few seconds.',
  xmlTooComplex: "The XML is too complex to process within the server's time and memory limits.",
  invalidRequest: 'Invalid request.',
  invalidData: 'Invalid data.',
  validationFailed: '{reason}',
  validationFailedField: '{reason} (field: {field})',
  unsupportedMediaType: 'Unsupported content type: send JSON.',
  contentLengthMismatch: 'The declared body length does not match.',
  nullCharacterInBody: 'The request contains a null character (U+0000), which is not allowed.',
  nullCharacterInField:
    'The field {field} contains a null character (U+0000), which is not allowed.',
  tooManyAttemptsWait: 'Too many failed attempts. Try again in {wait}.',
  metricsTokenRequired: 'The metrics token is required.',
  dateRangeReversed: 'The start date is after the end date.',
  invalidCursor: 'The page cursor is not valid; go back to the first page.',
  exportRunning:
    'An export is already running for this account. Wait for it to finish or cancel it.',
  exportsPerHour: 'You made {done} in the last hour. Try again in {wait}.',
  exportTooLargeZip:
    'The export would hold {count} documents and the most in a ZIP is {limit}. Narrow the date range, or export the list in Excel or CSV, which do not carry the files.',
  exportTooLargeXlsx:
    'The export would hold {count} documents and the most in Excel is {limit}, the rows of a sheet. Export in CSV or narrow the date range.',
  exportTooLargeCsv: 'The export would hold {count} documents and the most is {limit}.',
  cdrNotPublished: 'This document has no published CDR.',
  fileStoreUnavailable:
    'File storage is unavailable right now; nothing was saved. Try again in a few minutes.',
  fileNotBase64: 'The {label} is not base64-encoded.',
  fileTooLarge: 'The {label} exceeds the maximum size of {limit} MB.',
  xmlMissing: 'Send the XML in base64.',
  xmlInvalid: '{reason}',
  pdfNotPdf: 'The file sent as PDF is not a PDF.',
  invalidSeries: "The series '{series}' is not valid: it must have 4 letters or digits.",
  invalidNumber: "The number '{number}' is not valid: it must have 1 to 8 digits.",
  invalidCurrency: "The currency '{currency}' is not a 3-letter ISO 4217 code.",
  invalidCustomerDocument: "The customer's document is not valid.",
  amountTooLarge:
    'The amount of {source}, {amount}, exceeds the most that can be stored ({digits} integer digits).',
  cdrInvalid: 'The CDR is not valid: {reason}',
  cdrOtherDocument: 'The CDR belongs to document {cdrDocument}, not to {document}.',
  cdrOtherIssuer: 'The CDR belongs to issuer {cdrIssuer}, not to {issuer}.',
  cdrRejected: 'SUNAT rejected this document (code {code}: {description}); it is not published.',
  cdrNotReceived:
    'The CDR does not attest that the document was received (code {code}: {description}).',
  receivedFilesMissing:
    "Send one or more XML or ZIP files in the 'files' part (multipart/form-data).",
  receivedTooManyFiles: 'Send at most {max} files per upload.',
  receivedTooLarge: 'The upload exceeds the maximum size of {limit} MB: send it in parts.',
  receivedXmlTooLarge: 'The XML exceeds the maximum size of {limit} MB.',
  receivedZipTooLarge: 'The ZIP exceeds the maximum size of {limit} MB.',
  receivedNotHeld: 'The document is not in your archive.',
  receivedPublished:
    'This document was published by its issuer: you can only remove the copies you added (uploaded or received by e-mail).',
  receivedNotAddressed:
    'The document is not addressed to your RUC ({ruc}): its customer is {customer}.',
  sunatCredentialsRejected: '{reason}',
  sunatCredentialsUnreadable:
    "The saved credentials can no longer be read because the server's encryption key (SECRETS_KEY) changed. Enter them again.",
  sunatCredentialsMissing:
    'No SUNAT API credentials are saved. Enter them in your profile to check the status of your documents with SUNAT.',
  sunatCredentialsRefused:
    'SUNAT refused the saved credentials: check the "Credenciales de API SUNAT" in SOL and enter them again.',
  sunatSecretsKeyMissing:
    "The portal cannot keep credentials because its encryption key (SECRETS_KEY) is not set. Tell the portal's operator.",
  sunatNotCheckable:
    'SUNAT does not check the status of dispatch guides, retention or perception receipts.',
  sunatCheckRunning:
    'A check of a period is already running. Wait for it to finish before starting another.',
  sunatNothingToCheck: 'There are no documents SUNAT can check between those dates.',
  sunatTooManyToCheck: 'A check can cover up to 10,000 documents: shorten the period.',
  sunatPending:
    'SUNAT has not answered yet; the result will be kept with the document as soon as it arrives.',
  sunatCheckFailed: '{reason}',
  sunatCheckNotFound: 'Check not found.',
  reconciliationFileMissing:
    "Send the RCE proposal in the «file» part (multipart/form-data): SIRE's TXT or CSV, or the ZIP holding them.",
  reconciliationTooLarge: 'The file exceeds 100 MB, the most a proposal may have.',
  reconciliationNoRows: 'The proposal has no documents: it only has the header row.',
  reconciliationNotFound: 'Reconciliation not found.',
  reconciliationStillRunning:
    'This proposal is already being processed. Wait for it to finish before importing it again.',
  reconciliationZipEmpty: 'The ZIP holds no RCE proposal (a .txt or .csv file).',
  reconciliationZipMany: 'The ZIP holds more than one proposal: send one at a time.',
  reconciliationZipUnreadable: '{reason}',
  reconciliationNotReady:
    'The reconciliation is still being processed or failed: wait until it is ready.',
  reconciliationUnknownRows: "These rows are not in this reconciliation's proposal: {rows}.",
  reconciliationNotComplementable:
    'Only documents SUNAT did not propose (invoices and notes) issued up to the period can be added: {rows}.',
  reconciliationNoMatched: 'No row of this reconciliation has a document in SUFEL.',
  reconciliationTooManyForZip:
    'The reconciliation has {count} documents with XML and a ZIP holds at most {limit}: download them by date ranges from the document list.',
  proposalUnreadable: '{reason}',
  proposalNoReadableRow: 'No row of the proposal could be read. {reason}',
  proposalOtherRuc:
    'The proposal belongs to RUC {proposalRuc}, not to this account ({accountRuc}).',
  proposalFuturePeriod: 'The period {period} of the proposal has not come yet.',
  sireCredentialsMissing:
    'First save your SIRE credentials (client id and client secret of the application registered in SOL, SOL user and password).',
  sireCredentialsRejected: '{reason}',
  sireCredentialsRefused: 'SUNAT refused these SIRE credentials. Check them and save them again.',
  sireCredentialsUnreadable:
    "The saved SIRE credentials can no longer be read (the server's key changed). Save them again.",
  sireSecretsKeyMissing:
    'The server has no key set to keep credentials (SECRETS_KEY). Tell the operator.',
  sireFuturePeriod: 'The period has not come yet: SUNAT does not have its proposal yet.',
  sireWrongProposal:
    'SIRE delivered the proposal of RUC {proposalRuc} and period {proposalPeriod}, not the one asked for ({accountRuc}, {period}).',
  sireUploadUnreadable: '{reason}',
  backgroundExportPreparing:
    'A ZIP export is already being prepared. Wait until it is done to ask for another.',
  backgroundExportEmpty: 'No documents match those filters: there is nothing to export.',
  backgroundExportNotFound: 'That export does not exist.',
  backgroundExportNotReady: 'The export is still being prepared.',
  backgroundExportFailed: 'The export could not be prepared. Please ask for it again.',
  backgroundExportExpired:
    'The export has expired: it can be downloaded for {hours} hours. Please ask for it again.',
  backgroundExportBuildFailed:
    'The ZIP could not be prepared. Please ask for it again; if it fails again, narrow the dates.',
};
