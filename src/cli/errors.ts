/** An error meant for the person at the terminal: printed as its message, never as a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** Extra fields for --json output. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}
