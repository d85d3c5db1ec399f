export type ProposalFileErrorCode = 'empty' | 'missing_columns' | 'line_too_long' | 'encoding';

/**
 * Why a file cannot be read as a proposal at all. `message` is Spanish and
 * meant for the accountant; `missingColumns` lists SUNAT's labels of the
 * needed columns the header lacks.
 */
export class ProposalFileError extends Error {
  readonly code: ProposalFileErrorCode;
  readonly missingColumns: readonly string[];

  constructor(
    code: ProposalFileErrorCode,
    message: string,
    missingColumns: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ProposalFileError';
    this.code = code;
    this.missingColumns = missingColumns;
  }
}
