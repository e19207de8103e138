import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../../../test/corpus.js';
import { decodeCodexLine, looksLikeCodexRollout } from '../decode-record.js';
import { codexToolCallInput, lookupCodexTool } from '../tools/index.js';
import { type ParsedShellOutput, parseCodexToolOutput } from './parse-tool-io.js';

const corpusDir = sharedCorpusDir;

/** Codex files of the corpus: rows of PROVENANCE.tsv whose `kind` column is `codex`. */
function codexFiles(): string[] {
  const [header = '', ...rows] = readFileSync(path.join(corpusDir, 'PROVENANCE.tsv'), 'utf8').split('\n');
  const columns = header.split('\t');
  const fileColumn = columns.indexOf('local_file');
  const kindColumn = columns.indexOf('kind');
  return rows
    .map((row) => row.split('\t'))
    .filter((cells) => cells[kindColumn] === 'codex')
    .map((cells) => cells[fileColumn] ?? '');
}

function readLines(file: string): Record<string, unknown>[] {
  return readFileSync(path.join(corpusDir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Short keys for the files below. */
const files = {
  iansherr: 'iansherr__claude-code-log/test/fixtures/codex/sample-session.jsonl',
  metrics:
    'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02/rollout-2026-01-02T18-39-45-019b7f94-51b4-7593-922e-ba12b5b73b52.jsonl',
  errors:
    'codemie-ai__codemie-code/tests/integration/metrics/fixtures/codex/sessions/2026/01/02/rollout-2026-01-02T19-00-00-019b7f95-0000-7000-0000-000000000001.jsonl',
  tui: 'codemie-ai__codemie-code/src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
  desktop:
    'codemie-ai__codemie-code/src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl',
  turn: 'codemie-ai__codemie-code/tests/integration/session/fixtures/codex/turn-1.jsonl',
  acidic:
    'AcidicSoil__codex-session-view/.sample_session/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl',
  demo: 'AcidicSoil__codex-session-view/public/demos/example-session-metadata.jsonl',
  synthetic: 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/codex/small.jsonl',
  simonw: 'simonw__claude-code-transcripts/tests/sample_codex_session.jsonl',
} as const;

interface Expected {
  /** Non-blank lines: `grep -c . FILE`. */
  lines: number;
  /**
   * function_call / custom_tool_call / local_shell_call items:
   * `jq -c 'select(.type=="response_item" and (.payload.type|test("^(function_call|custom_tool_call|local_shell_call)$")))' FILE | wc -l`
   */
  calls: number;
  /** Calls in an MCP namespace: `jq -c 'select(.payload.type=="function_call" and ((.payload.namespace // "")|startswith("mcp__")))' FILE | wc -l` */
  mcpCalls: number;
  /**
   * Outputs by encoding:
   * `jq -c 'select(.type=="response_item" and (.payload.type=="function_call_output" or .payload.type=="custom_tool_call_output"))
   *   | .payload.output | if type!="string" then "items" elif test("^\\{\"output\":") then "json"
   *   elif test("^(Exit code|Chunk ID|Wall time): ") then "exit-code-text" else "plain" end' FILE | sort | uniq -c`
   */
  formats: Partial<Record<ParsedShellOutput['format'], number>>;
  /**
   * Outputs that state an exit code (same selection, then
   * `| strings | select(test("\"exit_code\":|^Exit code: -?[0-9]+\n|\nProcess exited with code -?[0-9]+\n"))' | wc -l`).
   */
  exitCodes: number;
  /** Of those, non-zero: `select(test("\"exit_code\":[1-9]|^Exit code: [1-9-]|\nProcess exited with code [1-9-]"))`. */
  nonZeroExitCodes: number;
}

const expected: Record<keyof typeof files, Expected> = {
  iansherr: { lines: 9, calls: 1, mcpCalls: 0, formats: { plain: 1 }, exitCodes: 0, nonZeroExitCodes: 0 },
  metrics: { lines: 26, calls: 3, mcpCalls: 0, formats: { json: 3 }, exitCodes: 3, nonZeroExitCodes: 0 },
  errors: { lines: 11, calls: 3, mcpCalls: 0, formats: { json: 3 }, exitCodes: 3, nonZeroExitCodes: 1 },
  tui: {
    lines: 386,
    calls: 102,
    mcpCalls: 0,
    formats: { 'exit-code-text': 96, json: 3, plain: 3 },
    exitCodes: 46,
    nonZeroExitCodes: 4,
  },
  desktop: {
    lines: 99,
    calls: 38,
    mcpCalls: 3,
    formats: { 'exit-code-text': 38 },
    exitCodes: 35,
    nonZeroExitCodes: 1,
  },
  turn: { lines: 13, calls: 0, mcpCalls: 0, formats: {}, exitCodes: 0, nonZeroExitCodes: 0 },
  acidic: {
    lines: 279,
    calls: 39,
    mcpCalls: 0,
    formats: { json: 37, plain: 2 },
    exitCodes: 37,
    nonZeroExitCodes: 3,
  },
  demo: { lines: 1, calls: 0, mcpCalls: 0, formats: {}, exitCodes: 0, nonZeroExitCodes: 0 },
  synthetic: {
    lines: 118,
    calls: 4,
    mcpCalls: 0,
    formats: { items: 4, plain: 1 },
    exitCodes: 0,
    nonZeroExitCodes: 0,
  },
  simonw: { lines: 3, calls: 0, mcpCalls: 0, formats: {}, exitCodes: 0, nonZeroExitCodes: 0 },
};

/**
 * Calls whose input is known not to pass, with the reason. All are in hand-written or trimmed fixtures, not
 * in logs Codex wrote: real `shell` takes an argv array and real `exec_command` takes `cmd`, so Codex would
 * have answered these calls with an argument parse error.
 */
const knownBadCalls: Record<string, string> = {
  [`${files.iansherr}:6`]: 'exec_command with "command" instead of "cmd" (hand-written)',
  [`${files.errors}:3`]: 'shell with a string command (hand-written)',
  [`${files.errors}:6`]: 'shell with a string command (hand-written)',
  [`${files.errors}:9`]: 'shell with a string command (hand-written)',
  [`${files.synthetic}:103`]: 'tool name "[trimmed for fixture]"',
  [`${files.synthetic}:114`]: 'tool name "[trimmed for fixture]"',
};

describe('Codex corpus', () => {
  it('lists exactly the files these tests know', () => {
    expect(codexFiles().sort()).toEqual(Object.values(files).sort());
  });

  describe.each(Object.entries(files))('%s', (key, file) => {
    const want = expected[key as keyof typeof files];
    const values = readLines(file);

    it('is recognised as a Codex rollout from its first line', () => {
      expect(values).toHaveLength(want.lines);
      expect(looksLikeCodexRollout(values[0] ?? {})).toBe(true);
    });

    it('decodes every line in full mode with known types and no issues', () => {
      const problems: string[] = [];
      values.forEach((value, lineIndex) => {
        const decoded = decodeCodexLine(value, 'full', { lineIndex });
        const where = `line ${lineIndex + 1} ${decoded.type}${decoded.subtype ? `:${decoded.subtype}` : ''}`;
        if (!decoded.known) problems.push(`${where}: unknown type`);
        for (const issue of decoded.issues)
          problems.push(`${where}: ${issue.path.join('.')}: ${issue.message}`);
      });
      expect(problems).toEqual([]);
    });

    it('classifies every line the same way in envelope mode, without issues', () => {
      values.forEach((value, lineIndex) => {
        const fast = decodeCodexLine(value, 'envelope', { lineIndex });
        const full = decodeCodexLine(value, 'full', { lineIndex });
        expect({ ...fast, issues: [] }).toEqual({ ...full, issues: [] });
        expect(fast.issues).toEqual([]);
      });
    });

    it('resolves every tool call and checks its input against the tool schema', () => {
      let calls = 0;
      let mcpCalls = 0;
      const failures: string[] = [];
      for (const [lineIndex, value] of values.entries()) {
        const decoded = decodeCodexLine(value, 'envelope', { lineIndex });
        const itemType = decoded.subtype;
        if (decoded.type !== 'response_item') continue;
        if (
          itemType !== 'function_call' &&
          itemType !== 'custom_tool_call' &&
          itemType !== 'local_shell_call'
        )
          continue;
        calls++;
        const call = codexToolCallInput(decoded.payload);
        const where = `${file}:${lineIndex + 1}`;
        const tool = call === undefined ? undefined : lookupCodexTool(call.name, call.namespace);
        if (tool?.kind === 'mcp') mcpCalls++;
        if (call === undefined || !call.input.ok) failures.push(`${where}: arguments do not parse`);
        else if (tool === undefined || tool.kind === 'unknown') failures.push(where);
        else if (!tool.spec.input.safeParse(call.input.value).success) failures.push(where);
      }
      expect(calls).toBe(want.calls);
      expect(mcpCalls).toBe(want.mcpCalls);
      expect(failures).toEqual(Object.keys(knownBadCalls).filter((k) => k.startsWith(`${file}:`)));
    });

    it('parses every tool output, extracting exit codes, and checks it against the tool result schema', () => {
      const toolByCallId = new Map<string, ReturnType<typeof lookupCodexTool>>();
      const formats: Partial<Record<ParsedShellOutput['format'], number>> = {};
      const exitCodes: number[] = [];
      const resultFailures: string[] = [];
      for (const [lineIndex, value] of values.entries()) {
        const decoded = decodeCodexLine(value, 'envelope', { lineIndex });
        if (decoded.type !== 'response_item') continue;
        const call = codexToolCallInput(decoded.payload);
        if (call?.callId !== undefined)
          toolByCallId.set(call.callId, lookupCodexTool(call.name, call.namespace));
        if (decoded.subtype !== 'function_call_output' && decoded.subtype !== 'custom_tool_call_output')
          continue;
        const parsed = parseCodexToolOutput(decoded.payload.output);
        formats[parsed.format] = (formats[parsed.format] ?? 0) + 1;
        if (parsed.exitCode !== undefined) exitCodes.push(parsed.exitCode);
        const tool = toolByCallId.get(String(decoded.payload.call_id));
        if (tool !== undefined && tool.kind !== 'unknown' && !tool.spec.result.safeParse(parsed).success) {
          resultFailures.push(`line ${lineIndex + 1} (${tool.name})`);
        }
      }
      expect(formats).toEqual(want.formats);
      expect(exitCodes).toHaveLength(want.exitCodes);
      expect(exitCodes.filter((code) => code !== 0)).toHaveLength(want.nonZeroExitCodes);
      expect(resultFailures).toEqual([]);
    });
  });

  it('finds the running unified-exec sessions of the 0.125 log', () => {
    // jq -c '.payload.output | strings | select(test("\nProcess running with session ID [0-9]+\n"))' FILE | wc -l  -> 53
    const running = readLines(files.tui)
      .map((value, lineIndex) => decodeCodexLine(value, 'envelope', { lineIndex }))
      .filter((d) => d.subtype === 'function_call_output')
      .map((d) => parseCodexToolOutput(d.payload.output))
      .filter((parsed) => parsed.processSessionId !== undefined);
    expect(running).toHaveLength(53);
    expect(running.every((parsed) => parsed.exitCode === undefined && parsed.chunkId !== undefined)).toBe(
      true,
    );
  });

  it('resolves the namespaced MCP calls of the Desktop log to server and tool', () => {
    const lookups = readLines(files.desktop)
      .map((value) => codexToolCallInput((value.payload ?? {}) as Record<string, unknown>))
      .filter((call) => call?.namespace !== undefined)
      .map((call) => lookupCodexTool(call?.name ?? '', call?.namespace));
    expect(lookups).toHaveLength(3);
    expect(lookups.map((l) => (l.kind === 'mcp' ? `${l.server}/${l.tool}` : l.kind))).toEqual([
      'node_repl/js',
      'node_repl/js',
      'node_repl/js',
    ]);
  });
});
