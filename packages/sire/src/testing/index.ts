export {
  proposalFields,
  proposalFile,
  proposalFileChunks,
  proposalFileName,
  zipProposal,
  type ProposalFileOptions,
  type ProposalRowInput,
} from './proposal-file.js';
