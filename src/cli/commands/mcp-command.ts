import path from 'node:path';
import type { Command } from 'commander';
import { refreshIndex } from '../../cache/refresh-index.js';
import { readRecordSlice } from '../../lifecycle/read-record-slice.js';
import type { McpContext } from '../../mcp/mcp-context.js';
import { mcpTools } from '../../mcp/mcp-tools.js';
import { toolParameters } from '../../mcp/tool-parameters.js';
import type { SessionFileRef } from '../../sources/index.js';
import {
  createSearchProcesses,
  SearchBusyError,
  SearchTooExpensiveError,
} from '../../viewer/server/search-processes.js';
import { CliError, exitCodes } from '../cli-error.js';
import { addArchiveOptions } from '../filter-options.js';
import { addCacheOptions, type DataFlags, loadIndexed } from '../load-data.js';
import type { Io } from '../output.js';
import { packageVersion } from '../package-version.js';
import { createPricer, offlineHelp } from '../pricer.js';
import { redactorFor } from '../redact-options.js';
import { parseTimeZone, timeZoneHelp } from '../time-zone-option.js';
import { trackFiles } from '../track-files.js';

interface McpFlags extends DataFlags {
  /** False with `--no-redact`. */
  redact: boolean;
  redactPatterns?: string;
  pricing?: string;
  offline?: boolean;
  timezone?: string;
}

/** The index is brought up to date at most this often, and files are discovered again at most every 10 s. */
const refreshMs = 2000;
const discoverMs = 10_000;
/** Time one search or SQL statement may run. */
const budgetMs = 5000;

/** `agentlog mcp`: a Model Context Protocol server over stdio, reading the index. */
export function registerMcpCommand(program: Command, io: Io): void {
  addCacheOptions(
    addArchiveOptions(program.command('mcp'))
      .description(
        'A Model Context Protocol server (stdio) over the index: search, sessions, tool calls, errors, usage',
      )
      .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
      .option(
        '--project <text>',
        'scope the server to sessions whose project path contains this text (no sql tool then)',
      )
      .option('--no-redact', 'send texts as they are (default: API keys, tokens and passwords are replaced)')
      .option(
        '--redact-patterns <file>',
        'your own redaction patterns, JSON {"patterns": [{"kind", "regex", "flags"}]}',
      )
      .option('--pricing <file>', 'prices to use for costs (JSON; see README "Cost")')
      .option('--offline', offlineHelp)
      .option('--timezone <zone>', timeZoneHelp)
      .option('--demo', 'serve the demo sessions shipped with agentlog'),
  )
    .addHelpText('after', toolsHelp())
    .action(async (paths: string[], flags: McpFlags) => {
      if (flags.project !== undefined && flags.project.trim() === '')
        throw new CliError('Option --project needs some text of a project path.', {
          exitCode: exitCodes.usage,
        });
      const server = await startMcpServer(paths, flags, io);
      await server.done;
      await server.close();
    });
}

/** A running server: resolves `done` when the client goes away or a signal stops it. */
export interface RunningMcpServer {
  done: Promise<void>;
  close(): Promise<void>;
}

export async function startMcpServer(
  paths: readonly string[],
  flags: McpFlags,
  io: Io,
): Promise<RunningMcpServer> {
  const timeZone = parseTimeZone(flags.timezone);
  const price = await createPricer(flags, io);
  const redactor =
    flags.redact === false
      ? undefined
      : await redactorFor(
          {
            redact: true,
            ...(flags.redactPatterns === undefined ? {} : { redactPatterns: flags.redactPatterns }),
          },
          io,
        );
  const data = await loadIndexed(paths, flags, io, undefined, false);
  const { index } = data;
  const roots = data.searched.map((p) => path.resolve(io.cwd, p));
  const tracker = trackFiles(data, paths, flags, io, discoverMs);
  let files: SessionFileRef[] = data.files;
  let refreshedAt = Date.now();
  let pending: Promise<void> | undefined;
  const refresh = async () => {
    files = await tracker.current();
    await refreshIndex(index, {
      refs: files,
      roots,
      readSlice: readRecordSlice,
      search: true,
      sessions: false,
    });
    refreshedAt = Date.now();
  };
  // A memory index (`--demo`, or a cache that could not be opened) has no file another process can read.
  const searches = index.db.memory ? undefined : createSearchProcesses({ dbFile: index.db.name, budgetMs });
  const context: McpContext = {
    current: async () => {
      if (Date.now() - refreshedAt >= refreshMs) {
        // One refresh at a time: calls that arrive meanwhile wait for it.
        pending ??= refresh().finally(() => {
          pending = undefined;
        });
        await pending;
      }
      return { db: index.db, files };
    },
    runBounded: async (statement) => {
      if (!searches) return index.db.prepare(statement.sql).all(statement.params);
      try {
        return await searches.run(statement);
      } catch (error) {
        if (error instanceof SearchTooExpensiveError)
          throw new Error(`The query took more than ${budgetMs / 1000} s and was stopped: narrow it.`);
        if (error instanceof SearchBusyError) throw error;
        throw new Error(`The query failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    price,
    redactor,
    project: flags.project,
    now: () => Date.now(),
    timeZone,
  };
  // Loaded here: `agentlog mcp --help` needs none of the SDK.
  const [{ createMcpServer }, { StdioServerTransport }] = await Promise.all([
    import('../../mcp/create-mcp-server.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const server = createMcpServer(context, packageVersion());
  const transport = new StdioServerTransport();
  let stop: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    stop = resolve;
  });
  transport.onclose = stop;
  process.stdin.once('end', stop);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await server.connect(transport);
  return {
    done,
    close: async () => {
      await server.close();
      searches?.close();
      index.db.close();
    },
  };
}

/** The tools and their parameters, from their schemas, for `agentlog mcp --help` (80 columns). */
function toolsHelp(): string {
  const lines = ['', 'Tools (each answer is paged and redacted unless --no-redact):'];
  for (const tool of mcpTools) {
    lines.push('', ...wrap(`${tool.name}: ${tool.description}`, '  ', '    '));
    for (const p of toolParameters(tool)) {
      const extra = [
        p.required ? 'required' : undefined,
        p.default === undefined ? undefined : `default ${JSON.stringify(p.default)}`,
      ].filter((x) => x !== undefined);
      lines.push(
        ...wrap(
          `${p.name} (${p.type}${extra.length > 0 ? `; ${extra.join(', ')}` : ''}): ${p.description}`,
          '    - ',
          '      ',
        ),
      );
    }
  }
  lines.push(
    '',
    'Resources: agentlog://session/<id>, a session as Markdown.',
    '',
    'Add it to Claude Code:  claude mcp add agentlog -- agentlog mcp',
    'Codex (~/.codex/config.toml):',
    '  [mcp_servers.agentlog]',
    '  command = "agentlog"',
    '  args = ["mcp"]',
  );
  return lines.join('\n');
}

/** `text` in lines of at most 80 columns, the first after `first`, the others after `rest`. */
function wrap(text: string, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(/\s+/)) {
    const lead = line === first || line === rest;
    if (!lead && line.length + 1 + word.length > 80) {
      lines.push(line);
      line = rest;
    }
    line += line === first || line === rest ? word : ` ${word}`;
  }
  lines.push(line);
  return lines;
}
