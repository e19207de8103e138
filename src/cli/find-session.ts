import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { tooLargeToBuild } from '../lifecycle/heap-fit.js';
import { listSessions, loadSessions, readSession } from '../lifecycle/load-sessions.js';
import type { Session } from '../model/session.js';
import { type Agent, agentInfo } from '../schemas/common/agent.js';
import { type ArchiveFlags, archiveCovers } from './archive-source.js';
import { CliError, exitCodes, quote } from './cli-error.js';
import { displayPath, type Io, printSkipped } from './output.js';
import { resolveInputs } from './resolve-inputs.js';

/**
 * The session a command line names: a transcript path, or a session id (or unique id prefix) found in
 * `inPaths` (default: the log folders). Several files can hold the same session id (copies, checkpoints,
 * resumed sessions): `ID@N` picks the Nth of them, in the order the "ambiguous" message lists them (by
 * path). A CliError says what was not found, or lists the candidates with their files and how to pick one.
 * With `options.agent`, an id is looked for among that agent's sessions only, and a file must be that
 * agent's.
 */
export async function findSession(
  target: string,
  inPaths: string[],
  io: Io,
  options: ArchiveFlags & { agent?: Agent | undefined } = {},
): Promise<Session> {
  const { agent, ...archive } = options;
  const found = await findAny(target, inPaths, io, archive, agent);
  if (agent !== undefined && found.agent !== agent)
    throw new CliError(
      `${quote(target)} is a ${agentInfo[found.agent].name} session, not a ${agentInfo[agent].name} one; run without --agent to show it.`,
    );
  return found;
}

async function findAny(
  target: string,
  inPaths: string[],
  io: Io,
  archive: ArchiveFlags,
  agent: Agent | undefined,
): Promise<Session> {
  const asPath = path.resolve(io.cwd, target);
  if (existsSync(asPath) && statSync(asPath).isDirectory())
    throw new CliError(
      `${quote(target)} is a folder: give a transcript file, or a session id with --in ${quote(target)}.`,
      { exitCode: exitCodes.usage },
    );
  // A transcript gone from disk that the archive holds: read from the archive with its folder's subagent
  // files, as readSession reads one on disk.
  if (!existsSync(asPath) && archiveCovers(asPath, archive, io)) {
    const siblings = (await resolveInputs([path.dirname(asPath)], io, archive)).files;
    const sessions = await loadSessions(siblings.filter((f) => f.path === asPath || f.role === 'subagent'));
    const session = sessions.find((s) => s.files[0] === asPath) ?? sessions[0];
    if (!session) throw new CliError(`No session could be read from ${quote(target)}.`);
    return session;
  }
  if (existsSync(asPath) && statSync(asPath).isFile()) {
    const tooLarge = tooLargeToBuild(asPath, statSync(asPath).size, 'whole');
    if (tooLarge !== undefined) throw new CliError(tooLarge);
    const session = await readSession(asPath);
    if (!session) throw new CliError(`No session could be read from ${quote(target)}.`);
    return session;
  }
  const picked = /^(.+)@(\d+)$/.exec(target);
  const id = picked?.[1] ?? target;
  const inputs = await resolveInputs(inPaths, io, archive);
  const { sessions, warnings } = await listSessions({ files: inputs.files });
  const matches = sessions.filter(
    (s) => (s.id === id || s.id.startsWith(id)) && (agent === undefined || s.agent === agent),
  );
  const exact = matches.filter((s) => s.id === id);
  const candidates = (exact.length > 0 ? exact : matches).sort((a, b) =>
    (a.files[0] ?? '').localeCompare(b.files[0] ?? ''),
  );
  if (candidates.length === 0) {
    // What could not be read may be the session asked for (a file too large for the heap, one unreadable).
    printSkipped(io, warnings);
    throw new CliError(
      `No ${agent === undefined ? '' : `${agentInfo[agent].name} `}session ${quote(id)} in ${inputs.searched.map(quote).join(', ') || 'the log folders'}.`,
    );
  }
  if (picked) {
    const chosen = candidates[Number(picked[2]) - 1];
    if (chosen) return chosen;
    throw new CliError(
      `${quote(target)} asks for session ${picked[2]} of ${quote(id)}, but only ${candidates.length} ${candidates.length === 1 ? 'matches' : 'match'}.`,
    );
  }
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  const sameId = new Set(candidates.map((s) => s.id)).size === 1;
  const lines = candidates.slice(0, 20).map((s, i) => {
    const when = s.startTime === undefined ? 'no date' : s.startTime.slice(0, 16).replace('T', ' ');
    const where = s.files[0] === undefined ? '(no file)' : displayPath(io, s.files[0]);
    return `  ${i + 1}. ${quote(s.id)} in ${quote(where)} (${when}, ${s.messages.length} messages)`;
  });
  const more = candidates.length > 20 ? [`  ... and ${candidates.length - 20} more`] : [];
  throw new CliError(
    [
      sameId
        ? `Session id ${quote(id)} is ambiguous: ${candidates.length} files hold it (copies, checkpoints or resumed sessions):`
        : `Session id ${quote(id)} is ambiguous: it starts ${candidates.length} session ids:`,
      ...lines,
      ...more,
      `Pick one by its file (agentlog show PATH) or its number (agentlog show ${id}@1).`,
    ].join('\n'),
    { exitCode: exitCodes.usage },
  );
}
