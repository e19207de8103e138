import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { claudeCodeForkRoots, codexForkRoots } from '../../agents/fork-roots.js';
import { unseenCost } from '../../analytics/requests-once.js';
import { sessionState } from '../../analytics/session-state.js';
import { allCalls } from '../../analytics/session-summary.js';
import { holdsConversation } from '../../lifecycle/holds-conversation.js';
import { loadSessions, matchesFilter } from '../../lifecycle/load-sessions.js';
import type { Session } from '../../model/session.js';
import { claudeCodeRoots, codexRoots, type SessionFileRef } from '../../sources/index.js';
import { safeFileName } from '../../viewer/escape-html.js';
import { listingOf, renderIndexPage, type SessionListing } from '../../viewer/index-page.js';
import { lastWriteMs } from '../../viewer/last-write.js';
import { sessionTotals } from '../../viewer/render-session.js';
import { renderSessionPage } from '../../viewer/session-page.js';
import { archiveCovers } from '../archive-source.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import { addFilterOptions, type FilterFlags, parseFilter } from '../filter-options.js';
import { findSession } from '../find-session.js';
import { demoDir } from '../load-data.js';
import { displayPath, type Io, printSkipped, writeLine } from '../output.js';
import { createPricer, offlineHelp } from '../pricer.js';
import { createProgress } from '../progress.js';
import { addRedactOptions, printRedactionSummary, type RedactFlags, redactorFor } from '../redact-options.js';
import { nothingFound, resolveInputs } from '../resolve-inputs.js';

interface HtmlFlags extends FilterFlags, RedactFlags {
  output?: string;
  in?: string[];
  demo?: boolean;
  pricing?: string;
  offline?: boolean;
}

/** The default output: a folder in the current directory. */
export const defaultHtmlOutput = 'agentlog-html';

/** `agentlog html [SESSION|PATH...] [-o OUT]`: self-contained HTML pages of sessions. */
export function registerHtmlCommand(program: Command, io: Io): void {
  addRedactOptions(
    addFilterOptions(
      program
        .command('html')
        .description(
          'Write sessions as self-contained HTML pages (one session: one file; several: a folder with index.html)',
        )
        .argument(
          '[targets...]',
          'transcript files, folders, or session ids (default: the log folders of every agent)',
        )
        .option(
          '-o, --output <path>',
          `where to write: a .html file for one session, else a folder (default ./${defaultHtmlOutput}/)`,
        )
        .option(
          '--in <paths...>',
          'look for session ids in these files or folders instead of the log folders',
        )
        .option('--pricing <file>', 'prices to use for costs (JSON; see README "Cost")')
        .option('--offline', offlineHelp)
        .option('--demo', 'export the demo sessions shipped with agentlog'),
    ),
  ).action(async (targets: string[], flags: HtmlFlags) => {
    const filter = parseFilter(flags);
    // With --redact, each session is redacted before anything of it is written.
    const redactor = await redactorFor(flags, io);
    const redact = async (session: Session) => (redactor ? await redactor.redact(session) : session);
    const price = await createPricer(flags, io);
    if (flags.demo && targets.length > 0)
      throw new CliError('Use either --demo or targets, not both.', { exitCode: 2 });
    // A target that exists, or looks like a path, is a path (a missing path gets resolveInputs' message);
    // anything else is a session id.
    const isId = (t: string) => !existsSync(path.resolve(io.cwd, t)) && !/[\\/]|\.jsonl$/i.test(t);
    const paths = flags.demo ? [demoDir()] : targets.filter((t) => !isId(t));
    const ids = flags.demo ? [] : targets.filter(isId);
    // A transcript gone from disk that the archive holds is a file too.
    const isGoneFile = (t: string) =>
      /\.jsonl$/i.test(t) &&
      !existsSync(path.resolve(io.cwd, t)) &&
      archiveCovers(path.resolve(io.cwd, t), flags, io);
    const single =
      !flags.demo &&
      targets.length === 1 &&
      (ids.length === 1 || isFile(path.resolve(io.cwd, targets[0] ?? '')) || isGoneFile(targets[0] ?? ''));

    if (single) {
      const target = targets[0] as string;
      const session = await redact(
        await findSession(target, flags.in ?? [], io, { ...flags, agent: filter.agent }),
      );
      const out = singleOutput(flags.output, session, io);
      // Never next to the logs: not in the session's folders, the folders searched for its id (--in), nor
      // anywhere under the agents' own folders.
      const inputs = [
        ...session.files.map((f) => path.dirname(f)),
        ...(ids.length === 1 ? (flags.in ?? []) : [target]).map((p) => folderOf(path.resolve(io.cwd, p))),
        ...claudeCodeRoots(io.env),
        ...codexRoots(io.env),
        ...claudeCodeForkRoots(io.env, os.homedir()),
        ...codexForkRoots(io.env, os.homedir()),
      ];
      assertOutsideInputs(out, inputs);
      const state = sessionState(session, optionalWrite(lastWriteMs(session))).state;
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, renderSessionPage(session, { assets: { mode: 'inline' }, price, state }));
      writeLine(io, `Wrote ${displayPath(io, out)} (${allCalls(session).length} tool calls).`);
      if (redactor) printRedactionSummary(redactor, io);
      return;
    }

    // Several sessions: ids are found first, then paths (or the default folders) are read folder by folder,
    // so that only one folder's sessions are in memory at a time.
    const outDir = path.resolve(io.cwd, flags.output ?? defaultHtmlOutput);
    if (existsSync(outDir) && !statSync(outDir).isDirectory())
      throw new CliError(
        `The output ${quote(flags.output ?? outDir)} is a file; several sessions need a folder.`,
        {
          exitCode: exitCodes.usage,
        },
      );
    const byId: Session[] = [];
    for (const id of ids)
      byId.push(await findSession(id, flags.in ?? [], io, { ...flags, agent: filter.agent }));
    const resolved =
      paths.length > 0 || ids.length === 0
        ? await resolveInputs(paths, io, flags)
        : { files: [], searched: [] };
    if (ids.length === 0 && resolved.files.length === 0) throw nothingFound(resolved.searched);
    assertOutsideInputs(outDir, [
      ...resolved.searched.map((p) => folderOf(path.resolve(io.cwd, p))),
      ...byId.flatMap((s) => s.files.map((f) => path.dirname(f))),
    ]);
    mkdirSync(path.join(outDir, 'sessions'), { recursive: true });
    const listings: SessionListing[] = [];
    const used = new Set<string>();
    // The index's total counts a request copied into several session files once.
    const seenRequests = new Set<string>();
    let totalCost = 0;
    const write = async (found: Session) => {
      const session = await redact(found);
      totalCost += unseenCost(session, seenRequests, price);
      let name = safeFileName(session.id);
      for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${safeFileName(session.id)}-${n}`;
      used.add(name.toLowerCase());
      const href = `sessions/${name}.html`;
      const state = sessionState(session, optionalWrite(lastWriteMs(session))).state;
      writeFileSync(
        path.join(outDir, href),
        renderSessionPage(session, { assets: { mode: 'inline' }, price, state, backHref: '../index.html' }),
      );
      listings.push(listingOf(session, { href, cost: sessionTotals(session, price).cost, state }));
    };
    for (const session of byId) await write(session);
    const groups = groupRefs(resolved.files);
    const progress = createProgress(io, 'Writing pages');
    let done = 0;
    try {
      for (const group of groups) {
        const sessions = await loadSessions(group, {
          onSkip: (_p, message) => printSkipped(io, [message]),
        });
        for (const session of sessions)
          if (holdsConversation(session) && matchesFilter(session, filter)) await write(session);
        done += group.length;
        progress.update(done, resolved.files.length);
      }
    } finally {
      progress.stop();
    }
    if (listings.length === 0) throw new CliError('No sessions match the filters; nothing was written.');
    writeFileSync(
      path.join(outDir, 'index.html'),
      renderIndexPage(listings, { assets: { mode: 'inline' }, cost: totalCost }),
    );
    if (redactor) printRedactionSummary(redactor, io);
    writeLine(
      io,
      `Wrote ${listings.length} session page${listings.length === 1 ? '' : 's'} and ${displayPath(io, path.join(outDir, 'index.html'))}.`,
    );
  });
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function folderOf(p: string): string {
  return isFile(p) ? path.dirname(p) : p;
}

function optionalWrite(ms: number | undefined): { lastWriteMs?: number } {
  return ms === undefined ? {} : { lastWriteMs: ms };
}

/** Where one session's page goes: `-o x.html`, else `<folder>/<session id>.html`. */
function singleOutput(output: string | undefined, session: Session, io: Io): string {
  const name = `${safeFileName(session.id)}.html`;
  if (output === undefined) return path.resolve(io.cwd, defaultHtmlOutput, name);
  const resolved = path.resolve(io.cwd, output);
  if (/\.html?$/i.test(output) && !(existsSync(resolved) && statSync(resolved).isDirectory()))
    return resolved;
  return path.join(resolved, name);
}

/** agentlog never writes inside the folders it reads (the logs stay as the agents left them). */
function assertOutsideInputs(out: string, inputs: readonly string[]): void {
  for (const input of inputs) {
    const relative = path.relative(input, out);
    if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)))
      throw new CliError(
        `The output ${quote(out)} is inside the input folder ${quote(input)}; agentlog never writes next to your logs. Choose another place with -o.`,
        { exitCode: exitCodes.usage },
      );
  }
}

/**
 * Files grouped so that each session meets its subagent files in one group: Claude Code files by the
 * folder that holds their session, Codex rollouts all together (sub-agent threads link across folders).
 */
function groupRefs(refs: readonly SessionFileRef[]): SessionFileRef[][] {
  const groups = new Map<string, SessionFileRef[]>();
  for (const ref of refs) {
    const key = ref.projectDir ?? '\u0000codex';
    const list = groups.get(key);
    if (list) list.push(ref);
    else groups.set(key, [ref]);
  }
  return [...groups.values()];
}
