/** Exit codes used by every command. */
export const exitCodes = {
  ok: 0,
  /** The command could not do its job (missing input, unreadable data, failed write). */
  failure: 1,
  /** The command line itself is wrong (unknown option, bad value). */
  usage: 2,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/**
 * The one error class of the CLI. Its message is one sentence for the user: what failed and where.
 * `cli/main.ts` prints it (without a stack unless `--debug`) and exits with `exitCode`.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  override readonly name = 'CliError';

  constructor(message: string, options: { exitCode?: ExitCode; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.exitCode = options.exitCode ?? exitCodes.failure;
  }
}

/** Quotes a value for a message: `"value"`. */
export function quote(value: string): string {
  return JSON.stringify(value);
}
