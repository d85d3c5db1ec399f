export {
  proposalFields,
  proposalFile,
  proposalFileChunks,
  proposalFileName,
  zipProposal,
  type ProposalFileOptions,
  type ProposalRowInput,
} from './proposal-file.js';
export {
  startSireStandIn,
  type RecordedRequest,
  type SireStandIn,
  type SireStandInAccount,
  type SireStandInExport,
} from './sire-stand-in.js';
