export { formatCents, parseCents, type Cents } from './amounts.js';
export {
  SIRE_API_URL,
  SIRE_AUTH_URL,
  SireClient,
  type DownloadedProposal,
  type RunOptions,
  type SireClientOptions,
  type SireCredentials,
  type SireProgress,
  type SireToken,
} from './client/sire-client.js';
export { SireError, type SireErrorCode } from './client/sire-error.js';
export type { ReportFile, TicketStatus } from './client/ticket-status.js';
export { formatPeriod, isPeriod } from './period.js';
export {
  PROPOSAL_COLUMNS,
  PROPOSAL_HEADER,
  normalizeLabel,
  type ProposalColumn,
  type ProposalColumnKey,
} from './proposal/columns.js';
export { ProposalFileError, type ProposalFileErrorCode } from './proposal/errors.js';
export { readProposal } from './proposal/read-proposal.js';
export type * from './proposal/types.js';
export {
  complementFile,
  type ComplementDocument,
  type ComplementFileInput,
} from './upload/complement-file.js';
export {
  inclusionFile,
  type InclusionAction,
  type InclusionEntry,
  type InclusionFileInput,
} from './upload/inclusion-file.js';
export {
  UploadFileError,
  type UploadFile,
  type UploadFileErrorCode,
} from './upload/upload-file.js';
