import type { Command } from 'commander';
import { terminalText } from '../../analytics/terminal-text.js';
import { localTimeText } from '../../analytics/time-zone.js';
import { QueryError } from '../../cache/run-query.js';
import { hitEnd, hitStart, type SearchHit, searchIndex } from '../../cache/search-index.js';
import { snippetAround } from '../../cache/snippet-around.js';
import { CliError, exitCodes } from '../cli-error.js';
import { addFilterOptions } from '../filter-options.js';
import { addCacheOptions, type DataFlags, loadIndexed } from '../load-data.js';
import {
  colorsFor,
  displayPath,
  type Io,
  renderTable,
  type TableCell,
  writeJson,
  writeLine,
} from '../output.js';
import { parseCount } from '../parse-count.js';
import { addRedactOptions, printRedactionSummary, type RedactFlags, redactorFor } from '../redact-options.js';
import { parseTimeZone } from '../time-zone-option.js';

const sources = ['prompt', 'user', 'assistant', 'system', 'tool_input', 'tool_result'] as const;

interface SearchFlags extends DataFlags, RedactFlags {
  json?: boolean;
  limit: string;
  in?: string;
  fts?: boolean;
  sort: string;
}

/** `agentlog search QUERY [PATH...]`: full-text search over prompts, answers, tool inputs and results. */
export function registerSearchCommand(program: Command, io: Io): void {
  addRedactOptions(
    addCacheOptions(
      addFilterOptions(
        program
          .command('search')
          .description('Full-text search over prompts, assistant text, tool inputs and tool results')
          .argument('<query>', 'words that must all occur (a trailing * matches a prefix)')
          .argument('[paths...]', 'files or folders (default: the log folders of every agent)')
          .option('--in <sources>', `only these texts, comma-separated: ${sources.join(', ')}`)
          .option('--limit <n>', 'hits to show', '20')
          .option('--sort <order>', 'rank (best first) or time (newest first)', 'rank')
          .option('--fts', 'take the query as FTS5 syntax (AND, OR, NOT, "phrases", prefix*)')
          .option('--demo', 'search the demo sessions shipped with agentlog')
          .option('--json', 'print the hits as JSON'),
      ),
    ),
  ).action(async (query: string, paths: string[], flags: SearchFlags) => {
    const limit = parseCount(flags.limit, '--limit');
    const timeZone = parseTimeZone(flags.timezone);
    if (flags.sort !== 'rank' && flags.sort !== 'time')
      throw new CliError(`Option --sort must be "rank" or "time", got "${flags.sort}".`, {
        exitCode: exitCodes.usage,
      });
    const only = flags.in
      ?.split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const unknown = (only ?? []).filter((s) => !(sources as readonly string[]).includes(s));
    if (unknown.length > 0)
      throw new CliError(
        `Option --in takes ${sources.map((s) => `"${s}"`).join(', ')}, got "${unknown.join('", "')}".`,
        { exitCode: exitCodes.usage },
      );
    const redactor = await redactorFor(flags, io);
    const data = await loadIndexed(paths, flags, io);
    let hits: SearchHit[];
    try {
      hits = searchIndex(data.index.db, query, {
        rootSessionIds: data.sessions.map((s) => s.id),
        limit,
        order: flags.sort,
        raw: flags.fts ?? false,
        withText: redactor !== undefined,
        ...(only === undefined ? {} : { sources: only }),
      });
    } catch (error) {
      if (error instanceof QueryError) throw new CliError(error.message, { exitCode: exitCodes.usage });
      throw error;
    } finally {
      data.index.db.close();
    }
    if (redactor) {
      // The index's snippet is cut from the raw text, possibly through a secret that no rule then knows:
      // the whole texts are redacted together (a secret found in one is followed into the others), and
      // the snippets cut again from them.
      const texts = await redactor.redact(hits.map((h) => h.text ?? ''));
      hits = hits.map(({ text: _text, ...hit }, i) => ({
        ...hit,
        snippet: snippetAround(texts[i] ?? '', query),
      }));
      printRedactionSummary(redactor, io);
    }
    if (flags.json) {
      writeJson(
        io,
        hits.map((h) => ({ ...h, snippet: h.snippet.replaceAll(hitStart, '**').replaceAll(hitEnd, '**') })),
      );
      return;
    }
    if (hits.length === 0) {
      writeLine(io, `No match for "${query}".`);
      return;
    }
    const colors = colorsFor(io);
    const mark = (snippet: string): TableCell => {
      // The snippet is log text around the hits, which FTS5 marks with hitStart/hitEnd: each piece is made
      // safe for the terminal, and the hits are highlighted (or starred, without colours) after the cell
      // is measured and cut to its column.
      const pieces = snippet.replace(/\s+/g, ' ').split(new RegExp(`([${hitStart}${hitEnd}])`));
      let text = '';
      let inHit = false;
      const hits: [number, number][] = [];
      for (const piece of pieces) {
        if (piece === hitStart) inHit = true;
        else if (piece === hitEnd) inHit = false;
        else {
          const safe = terminalText(piece);
          if (inHit && !colors.isColorSupported) text += `**${safe}**`;
          else {
            if (inHit) hits.push([text.length, text.length + safe.length]);
            text += safe;
          }
        }
      }
      const style = (shown: string) => {
        const end = shown === text ? shown.length : shown.length - 1;
        let out = '';
        let at = 0;
        for (const [from, to] of hits) {
          if (from >= end) break;
          out += shown.slice(at, from) + colors.bold(colors.yellow(shown.slice(from, Math.min(to, end))));
          at = Math.min(to, end);
        }
        return out + shown.slice(at);
      };
      return { text, style };
    };
    writeLine(
      io,
      renderTable(io, {
        head: ['time', 'session', 'where', 'text', 'at'],
        rows: hits.map((h) => [
          localTimeText(h.timestamp, timeZone) ?? '-',
          h.subSessionId === h.sessionId
            ? h.sessionId.slice(0, 8)
            : `${h.sessionId.slice(0, 8)} > ${h.subSessionId.slice(0, 8)}`,
          h.source === 'tool_input' || h.source === 'tool_result'
            ? `${h.kind} ${h.source.slice(5)}`
            : h.source,
          mark(h.snippet),
          `${displayPath(io, h.file)}:${h.line}`,
        ]),
      }),
    );
    writeLine(
      io,
      colors.dim(
        `${hits.length} hit${hits.length === 1 ? '' : 's'}${hits.length === limit ? ` (--limit ${limit}; more may match)` : ''}`,
      ),
    );
  });
}
