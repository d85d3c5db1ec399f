/** Every API path, as existing SUFEL clients call them. */
export const API_PATHS = {
  health: '/health',
  healthReady: '/health/ready',
  metrics: '/metrics',
  docs: '/docs',
  config: '/api/config',
  companies: '/api/companies',
  company: '/api/companies/:ruc',
  companyAuth: '/api/company/auth',
  companyDocuments: '/api/company/documents',
  companyDocumentsBatch: '/api/company/documents/batch',
  companyChangePassword: '/api/company/change-password',
  documentAuth: '/api/document/auth',
  documentLogout: '/api/document/logout',
  documentResource: '/api/document/resource/:type',
  clientLogin: '/api/client/login',
  clientLogout: '/api/client/logout',
  clientRegister: '/api/client/register',
  clientResetPassword: '/api/client/reset-password',
  clientChangePassword: '/api/client/change-password',
  clientEmails: '/api/client/emails',
  clientEmail: '/api/client/emails/:id',
  clientEmailConfirmation: '/api/client/email-confirmation',
  clientNotices: '/api/client/notices',
  clientInbox: '/api/client/inbox',
  noticeUnsubscribe: '/api/notices/unsubscribe',
  clientPasswordResetRequest: '/api/client/password-reset/request',
  clientPasswordResetConfirm: '/api/client/password-reset/confirm',
  clientCompanies: '/api/client/companies',
  clientDocuments: '/api/client/documents',
  clientDocumentsExport: '/api/client/documents/export',
  clientDocumentsLatest: '/api/client/documents/latest',
  clientDocumentsExportCount: '/api/client/documents/export/count',
  clientDocumentResource: '/api/client/documents/:id/resource/:type',
  signedFile: '/file/:hash/:type',
  challenge: '/api/challenge',
  adminClient: '/api/clients/:documento',
} as const;

/** Names of the cookies a browser session uses. */
export const COOKIE_NAMES = {
  documentSession: 'sufel_document',
  clientSession: 'sufel_client',
  xsrf: 'XSRF-TOKEN',
} as const;

export const XSRF_HEADER = 'x-xsrf-token';
