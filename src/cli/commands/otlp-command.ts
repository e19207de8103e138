import type { Command } from 'commander';

import { CacheFolderError, ForeignIndexError, openIndex, openMemoryIndex } from '../../cache/open-index.js';
import { loadSessions } from '../../lifecycle/load-sessions.js';
import type { Session } from '../../model/session.js';
import type { SessionFileRef } from '../../sources/index.js';
import { CliError, exitCodes, quote } from '../cli-error.js';
import { addFilterOptions } from '../filter-options.js';
import { cacheDirFor, type DataFlags, loadData } from '../load-data.js';
import { colorsFor, formatNumber, type Io, plural, writeJson, writeLine } from '../output.js';
import { packageVersion } from '../package-version.js';
import { parseCount } from '../parse-count.js';
import { createProgress } from '../progress.js';
import { addRedactOptions, printRedactionSummary, type RedactFlags, redactorFor } from '../redact-options.js';

interface OtlpFlags extends DataFlags, RedactFlags {
  endpoint?: string;
  headers?: string[];
  content?: boolean;
  resend?: boolean;
  dryRun?: boolean;
  timeout?: string;
  json?: boolean;
}

/** `agentlog otlp`: sessions as OpenTelemetry traces and metrics, to any OTLP/HTTP collector. */
export function registerOtlpCommand(program: Command, io: Io): void {
  addRedactOptions(
    addFilterOptions(
      program
        .command('otlp')
        .description(
          'Send sessions to an OpenTelemetry collector (OTLP/HTTP): a trace per session, spans per turn and tool call, usage as metrics; only what is new',
        )
        .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
        .option(
          '--endpoint <url>',
          'the collector base URL, e.g. http://collector:4318 (default: $OTEL_EXPORTER_OTLP_ENDPOINT)',
        )
        .option(
          '--headers <k=v,...>',
          'HTTP headers, e.g. authorization=Bearer%20TOKEN; repeatable (added to $OTEL_EXPORTER_OTLP_HEADERS)',
          (value: string, previous: string[] = []) => [...previous, value],
        )
        .option(
          '--content',
          'also send free text: titles, prompts, commands, tool arguments and results, paths (cut to 4 KiB each; redacted unless --no-redact)',
        )
        .option('--no-redact', 'with --content, send the text as it is (no redaction)')
        .option('--resend', 'send everything again, not only what is new (same ids: nothing is duplicated)')
        .option('--dry-run', 'count what would be sent, send nothing')
        .option('--timeout <ms>', 'time limit per request in milliseconds, retries included', '10000')
        .option('--demo', 'send the demo sessions shipped with agentlog')
        .option('--json', 'print what was sent as JSON')
        .option(
          '--cache-dir <dir>',
          'where the index cache (which remembers what was sent) lives (default: $AGENTLOG_CACHE_DIR, $XDG_CACHE_HOME/agentlog or ~/.cache/agentlog)',
        ),
    ),
  ).action(async (paths: string[], flags: OtlpFlags) => {
    const endpoint = parseEndpoint(flags.endpoint ?? io.env.OTEL_EXPORTER_OTLP_ENDPOINT);
    const headers = {
      ...parsePairs(io.env.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'),
      ...parsePairs(flags.headers?.join(','), '--headers'),
    };
    const resource = parsePairs(io.env.OTEL_RESOURCE_ATTRIBUTES, 'OTEL_RESOURCE_ATTRIBUTES');
    const timeout = parseCount(String(flags.timeout), '--timeout (milliseconds)');

    // Without --content no free text is sent at all; with it, secrets are redacted unless --no-redact.
    // (`--redact` is on by default here: `--no-redact` comes first.)
    const redactor =
      flags.content && flags.redact !== false ? await redactorFor({ ...flags, redact: true }, io) : undefined;
    // Loaded on demand: the OpenTelemetry SDK is large, and only this command needs it.
    const { OtlpSendError, OtlpSender, SentLog, sendSessions } = await import(
      '../../exporters/otlp/index.js'
    );
    const { sessions, files, searched } = await loadData(paths, { ...flags, cache: true }, io);
    const cacheDir = cacheDirFor({ ...flags, cache: true }, io, searched);
    if (cacheDir === undefined && !flags.demo)
      throw new CliError(
        'No cache folder to remember what was sent: set AGENTLOG_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache-dir.',
        { exitCode: exitCodes.usage },
      );
    // The demo never touches the user's index: what it sent is remembered for this run only.
    let index: ReturnType<typeof openIndex>;
    try {
      index =
        cacheDir === undefined
          ? openMemoryIndex(packageVersion())
          : openIndex({ cacheDir, agentlogVersion: packageVersion() });
    } catch (error) {
      if (error instanceof ForeignIndexError) throw new CliError(error.message);
      // SQLite's and the file system's errors (their codes), or a cache "folder" that is a file.
      if (typeof (error as { code?: unknown }).code !== 'string' && !(error instanceof CacheFolderError))
        throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new CliError(
        `The index cache in ${quote(String(cacheDir))} cannot be used (${reason}), and otlp remembers there what it sent: pass a writable --cache-dir.`,
      );
    }
    const sender = flags.dryRun
      ? undefined
      : new OtlpSender({
          endpoint,
          headers,
          resource,
          agentlogVersion: packageVersion(),
          timeoutMillis: timeout,
        });
    const progress = createProgress(io, 'Sending');
    try {
      const stats = await sendSessions(sessions, sender, new SentLog(index.db), {
        endpoint,
        content: flags.content ?? false,
        resend: flags.resend ?? false,
        dryRun: flags.dryRun ?? false,
        readFull: (session) => readFullSession(session, files),
        ...(redactor ? { redact: <T>(value: T) => redactor.redact(value) } : {}),
        onProgress: progress.update,
      });
      progress.stop();
      if (redactor) printRedactionSummary(redactor, io);
      if (flags.json) {
        writeJson(io, { endpoint, dryRun: flags.dryRun ?? false, ...stats });
        return;
      }
      const c = colorsFor(io);
      const verb = flags.dryRun ? 'Would send' : 'Sent';
      writeLine(
        io,
        `${verb} ${formatNumber(stats.sentSessions)} of ${plural(stats.sessions, 'session')} to ${quote(endpoint)}: ${plural(stats.spans, 'span')}, ${plural(stats.metricPoints, 'metric point')}.`,
      );
      const notes = [
        stats.unchangedSessions > 0 &&
          `${plural(stats.unchangedSessions, 'session')} unchanged since last sent`,
        stats.skippedSpans > 0 && `${plural(stats.skippedSpans, 'span')} already sent`,
        stats.untimedSessions > 0 && `${plural(stats.untimedSessions, 'session')} without timestamps skipped`,
      ].filter(Boolean);
      if (notes.length > 0) writeLine(io, c.dim(`(${notes.join('; ')})`));
    } catch (error) {
      if (error instanceof OtlpSendError)
        throw new CliError(`Sending to ${quote(error.url)} failed: ${error.reason}.`, { cause: error });
      throw error;
    } finally {
      progress.stop();
      await sender?.shutdown();
      index.db.close();
    }
  });
}

/** A collector base URL: http(s), with a trailing `/v1/traces` or `/v1/metrics` taken off. */
export function parseEndpoint(value: string | undefined): string {
  if (value === undefined || value.trim() === '')
    throw new CliError(
      'Say where to send: --endpoint URL (e.g. http://localhost:4318) or OTEL_EXPORTER_OTLP_ENDPOINT.',
      {
        exitCode: exitCodes.usage,
      },
    );
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new CliError(`Option --endpoint needs a URL like "http://localhost:4318", got ${quote(value)}.`, {
      exitCode: exitCodes.usage,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`Option --endpoint needs an http or https URL (OTLP/HTTP), got ${quote(value)}.`, {
      exitCode: exitCodes.usage,
    });
  return url.href.replace(/\/v1\/(traces|metrics)\/?$/, '').replace(/\/+$/, '');
}

/** `k=v,k2=v2` (the OTEL_* environment format, values percent-decoded) into an object. */
export function parsePairs(text: string | undefined, source: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  if (text === undefined || text.trim() === '') return pairs;
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    const key = at > 0 ? part.slice(0, at).trim() : '';
    if (key === '')
      throw new CliError(`${source} needs key=value pairs, got ${quote(part.trim())}.`, {
        exitCode: exitCodes.usage,
      });
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not percent-encoded: keep as written.
    }
    pairs[key] = value;
  }
  return pairs;
}

/** The full session (with text, inputs and turns) of a listed report model, read from its files. */
async function readFullSession(
  listed: Session,
  refs: readonly SessionFileRef[],
): Promise<Session | undefined> {
  const paths = new Set<string>();
  const collect = (s: Session) => {
    for (const file of s.files) paths.add(file);
    for (const sub of s.subagents) collect(sub.session);
  };
  collect(listed);
  const sessions = await loadSessions(refs.filter((r) => paths.has(r.path)));
  return sessions.find((s) => s.files[0] === listed.files[0]) ?? sessions.find((s) => s.id === listed.id);
}
