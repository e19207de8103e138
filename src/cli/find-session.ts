import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { listSessions, readSession } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import { CliError, exitCodes, quote } from './cli-error.js';
import type { Io } from './output.js';
import { resolveInputs } from './resolve-inputs.js';

/**
 * The session a command line names: a transcript path, or a session id (or unique id prefix) found in
 * `inPaths` (default: the log folders). A CliError says what was not found, or which ids a prefix matches.
 */
export async function findSession(target: string, inPaths: string[], io: Io): Promise<Session> {
  const asPath = path.resolve(io.cwd, target);
  if (existsSync(asPath) && statSync(asPath).isDirectory())
    throw new CliError(
      `${quote(target)} is a folder: give a transcript file, or a session id with --in ${quote(target)}.`,
      { exitCode: exitCodes.usage },
    );
  if (existsSync(asPath) && statSync(asPath).isFile()) {
    const session = await readSession(asPath);
    if (!session) throw new CliError(`No session could be read from ${quote(target)}.`);
    return session;
  }
  const inputs = await resolveInputs(inPaths, io);
  const { sessions } = await listSessions({ files: inputs.files });
  const matches = sessions.filter((s) => s.id === target || s.id.startsWith(target));
  const exact = matches.find((s) => s.id === target);
  if (exact) return exact;
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length === 0)
    throw new CliError(
      `No session ${quote(target)} in ${inputs.searched.map(quote).join(', ') || 'the log folders'}.`,
    );
  throw new CliError(
    `Session id ${quote(target)} is ambiguous: ${matches
      .slice(0, 5)
      .map((s) => quote(s.id))
      .join(', ')}${matches.length > 5 ? ', ...' : ''}.`,
  );
}
