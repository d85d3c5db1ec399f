/**
 * An error this package throws: a code for callers to branch on and map to
 * their status, and a Spanish message meant for the accountant.
 */
export class CodedError<Code extends string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
