import { Command, CommanderError } from 'commander';
import { CliError, exitCodes } from './cli-error.js';
import { fsFailure } from './fs-failure.js';
import type { Io } from './output.js';
import { colorsFor, guardedIo } from './output.js';
import { packageVersion } from './package-version.js';

/** Adds to `program` the commands a run of `argv` needs. */
export type RegisterCommands = (program: Command, io: Io, argv: readonly string[]) => Promise<void>;

/**
 * Runs the program with `argv` (without the node and script entries) and the commands `register` adds;
 * returns the exit code. Never exits the process: `cli/main.ts` does. The whole CLI is `runCli`; the status
 * line runs its command alone through here (`statusline-main.ts`).
 */
export async function runProgram(
  argv: readonly string[],
  given: Io,
  register: RegisterCommands,
): Promise<number> {
  const io = guardedIo(given);
  const program = new Command('agentlog')
    .description('Typed, paired, queryable data from the session logs of AI coding agents.')
    .option('--debug', 'print stack traces for errors')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: () => {
        // Reported below, once, in our own words.
      },
    });
  // The program's version is printed only for `agentlog --version` alone, so that a command can own a
  // `--version` option of its own (`agentlog schema Task --version 1.0.30`).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout.write(`${packageVersion()}\n`);
    return exitCodes.ok;
  }
  program.addHelpText('after', '\nRun agentlog --version for the version.');
  await register(program, io, argv);
  for (const command of program.commands) command.exitOverride();

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    return reportError(error, io, argv.includes('--debug'));
  }
}

function reportError(error: unknown, io: Io, debug: boolean): number {
  const colors = colorsFor(io, 'stderr');
  if (error instanceof CommanderError) {
    // Help and version exit through here with code 0.
    if (error.exitCode === 0) return exitCodes.ok;
    // The error first, then where to look: the hint under the line it is about.
    io.stderr.write(`${colors.red('error')}: ${sentence(error.message.replace(/^error: /, ''))}\n`);
    io.stderr.write(`${colors.dim('(run with --help for usage)')}\n`);
    return exitCodes.usage;
  }
  if (error instanceof CliError) {
    io.stderr.write(`${colors.red('error')}: ${error.message}\n`);
    if (debug && error.cause instanceof Error && error.cause.stack) io.stderr.write(`${error.cause.stack}\n`);
    return error.exitCode;
  }
  const failure = fsFailure(error);
  if (failure) {
    io.stderr.write(`${colors.red('error')}: ${failure.message}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return failure.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`${colors.red('error')}: Unexpected failure: ${message}\n`);
  if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  else io.stderr.write('Run again with --debug for the stack trace.\n');
  return exitCodes.failure;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}
