import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { createRedactor, RedactionConfigError, type Redactor } from '../redaction/index.js';
import { CliError, exitCodes } from './cli-error.js';
import type { Io } from './output.js';
import { colorsFor } from './output.js';

export interface RedactFlags {
  redact?: boolean;
  redactPatterns?: string;
}

/** Adds `--redact` and `--redact-patterns <file>` to a command that writes session contents. */
export function addRedactOptions(command: Command): Command {
  return command
    .option(
      '--redact',
      'replace API keys, tokens, passwords, private keys and connection strings by [REDACTED:<kind>:<n>]',
    )
    .option(
      '--redact-patterns <file>',
      'your own patterns, JSON {"patterns": [{"kind", "regex", "flags"}]} (implies --redact; default: $XDG_CONFIG_HOME/agentlog/redact.json or ~/.config/agentlog/redact.json when present)',
    );
}

/** The user's default patterns file, `$XDG_CONFIG_HOME/agentlog/redact.json` else `~/.config/agentlog/redact.json`, when it exists. */
export function defaultPatternsFile(env: NodeJS.ProcessEnv): string | undefined {
  const configHome = env.XDG_CONFIG_HOME || (env.HOME ? path.join(env.HOME, '.config') : undefined);
  const home = configHome ?? (env === process.env ? path.join(os.homedir(), '.config') : undefined);
  if (home === undefined) return undefined;
  const file = path.join(home, 'agentlog', 'redact.json');
  return existsSync(file) ? file : undefined;
}

/**
 * The redactor the flags ask for (`--redact`, or `--redact-patterns FILE`), or undefined for none. A patterns
 * file that cannot be used is a CliError with exit code 2. `io` gives the environment (default: the process's).
 */
export async function redactorFor(flags: RedactFlags, io?: Io): Promise<Redactor | undefined> {
  if (!flags.redact && flags.redactPatterns === undefined) return undefined;
  const env = io?.env ?? process.env;
  const patternsFile =
    flags.redactPatterns === undefined
      ? defaultPatternsFile(env)
      : path.resolve(io?.cwd ?? process.cwd(), flags.redactPatterns);
  try {
    return await createRedactor(patternsFile === undefined ? {} : { patternsFile });
  } catch (error) {
    if (error instanceof RedactionConfigError)
      throw new CliError(
        error.message.replace(patternsFile ?? '', flags.redactPatterns ?? patternsFile ?? ''),
        {
          exitCode: exitCodes.usage,
          cause: error,
        },
      );
    throw error;
  }
}

/** One line on stderr: how many secrets were replaced, by kind. */
export function printRedactionSummary(redactor: Redactor, io: Io): void {
  const counts = Object.entries(redactor.summary()).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const colors = colorsFor(io, 'stderr');
  const line =
    total === 0
      ? 'Redacted nothing: no secrets found.'
      : `Redacted ${total} secret${total === 1 ? '' : 's'} (${counts.map(([kind, n]) => `${kind} ${n}`).join(', ')}).`;
  io.stderr.write(`${colors.dim(line)}\n`);
}
