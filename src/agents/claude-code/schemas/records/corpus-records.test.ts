import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../../../../test/corpus.js';
import { unknownKeys } from '../../../../schemas/common/unknown-keys.js';
import { type DecodedRecord, decodeClaudeCodeRecord } from '../../decode-record.js';
import { attachmentTypes, claudeCodeRecordSchemas, progressDataTypes, systemSubtypes } from './index.js';

const corpusDir = sharedCorpusDir;

/** The deliberately malformed handwritten file (and a synthetic fixture with invented fields). */
const edgeCasesFile = 'iansherr__claude-code-log/test/test_data/edge_cases.jsonl';
const syntheticFile = 'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/small.jsonl';

interface Line {
  file: string;
  line: number;
  value: unknown;
}

function listJsonl(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listJsonl(full);
    return entry.name.endsWith('.jsonl') ? [full] : [];
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Codex rollouts: envelope lines (`payload`), bare-era `record_type` lines, or a `{id, timestamp, instructions}` head. */
function isCodexRollout(values: unknown[]): boolean {
  const objects = values.filter(isObject);
  const first = objects[0];
  if (first && 'id' in first && 'timestamp' in first && 'instructions' in first) return true;
  return objects.some((o) => 'payload' in o || 'record_type' in o);
}

/** Every non-empty line of every Claude Code file of the corpus (test-only reader). */
function readCorpus(): Line[] {
  const lines: Line[] = [];
  for (const full of listJsonl(corpusDir).sort()) {
    const rows = readFileSync(full, 'utf8').split('\n');
    const values = rows.map((row) => (row.trim() === '' ? undefined : parse(row)));
    if (isCodexRollout(values)) continue;
    const file = path.relative(corpusDir, full);
    rows.forEach((row, index) => {
      if (row.trim() !== '') lines.push({ file, line: index + 1, value: values[index] });
    });
  }
  return lines;
}

function decodeAll(lines: Line[]): { line: Line; decoded: DecodedRecord }[] {
  return lines.flatMap((line) =>
    isObject(line.value) ? [{ line, decoded: decodeClaudeCodeRecord(line.value, 'full') }] : [],
  );
}

/** `system/<subtype>`, `attachment/<type>`, `progress/<type>` or the record type. */
function variantOf(value: Record<string, unknown>): string {
  const nested = (key: string) =>
    isObject(value[key]) ? (value[key] as Record<string, unknown>).type : undefined;
  if (value.type === 'system') return `system/${String(value.subtype)}`;
  if (value.type === 'attachment') return `attachment/${String(nested('attachment'))}`;
  if (value.type === 'progress') return `progress/${String(nested('data'))}`;
  return String(value.type);
}

describe('Claude Code corpus', () => {
  const lines = readCorpus();
  const decoded = decodeAll(lines);

  it('decodes every record of every Claude Code file with zero issues, except the malformed edge cases', () => {
    const withIssues = decoded
      .filter(({ line, decoded }) => decoded.issues.length > 0 && line.file !== edgeCasesFile)
      .map(({ line, decoded }) => ({ at: `${line.file}:${line.line}`, issues: decoded.issues }));
    expect(withIssues).toEqual([]);
    expect(decoded.length).toBeGreaterThan(1900);
  });

  it('counts records per type (known and unknown)', () => {
    const counts: Record<string, number> = {};
    for (const { decoded: d } of decoded) {
      const key = `${d.kind}:${d.type}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    // Per-type table of the 54 Claude Code files (Codex rollouts skipped). `started`/`result` are
    // Workflow journal lines (`subagents/workflows/*/journal.jsonl`) pasted into a synthetic fixture,
    // not transcript records; `undefined` is `{"silly": "this"}` of the edge cases.
    expect(counts).toEqual({
      'known:user': 706,
      'known:assistant': 951,
      'known:system': 71,
      'known:attachment': 88,
      'known:progress': 52,
      'known:summary': 58,
      'known:file-history-snapshot': 30,
      'known:queue-operation': 22,
      'known:permission-mode': 9,
      'known:last-prompt': 8,
      'known:worktree-state': 2,
      'known:agent-name': 1,
      'known:ai-title': 1,
      'known:atis-latch': 1,
      'known:bridge-session': 1,
      'known:custom-title': 1,
      'known:frame-link': 1,
      'known:mode': 1,
      'known:pr-link': 1,
      'known:relocated': 1,
      'unknown:result': 1,
      'unknown:started': 1,
      'unknown:undefined': 1,
    });
  });

  it('finds exactly the deliberate defects of the edge-case file', () => {
    const edge = lines.filter((line) => line.file === edgeCasesFile);
    expect(edge.filter((line) => !isObject(line.value)).map((line) => [line.line, line.value])).toEqual([
      [13, 'massive error'],
      [15, 42],
      [16, [1]],
    ]);
    const results = decoded.filter(({ line }) => line.file === edgeCasesFile);
    expect(results.filter(({ decoded: d }) => d.kind === 'unknown').map(({ line }) => line.line)).toEqual([
      14,
    ]);
    const issues = Object.fromEntries(
      results
        .filter(({ decoded: d }) => d.issues.length > 0)
        .map(({ line, decoded: d }) => [line.line, d.issues]),
    );
    expect(issues).toEqual({
      // `"contenst"` instead of `"content"`.
      10: [
        {
          path: ['message', 'content'],
          code: 'invalid_type',
          message: 'Invalid input: expected string or array, received undefined',
        },
      ],
      // `"message": "error"` (and `"timesstamp"`, which is an unknown key: `timestamp` is optional).
      11: [
        {
          path: ['message'],
          code: 'invalid_type',
          message: 'Invalid input: expected object, received string',
        },
      ],
      // `"content": ["wow error"]`.
      18: [
        {
          path: ['message', 'content', 0],
          code: 'invalid_type',
          message: 'Invalid input: expected object, received string',
        },
      ],
    });
  });

  it('finds no unknown keys in genuine records; reports those of the synthetic and edge-case files', () => {
    const found: Record<string, string[]> = {};
    for (const { line, decoded: d } of decoded) {
      if (d.kind !== 'known') continue;
      const schema = claudeCodeRecordSchemas[d.type];
      if (schema === undefined) throw new Error(`No schema for known type "${d.type}"`);
      for (const keyPath of unknownKeys(schema, d.record)) {
        const where = line.file === edgeCasesFile || line.file === syntheticFile ? line.file : 'genuine';
        const field = `${variantOf(d.record)} ${keyPath.map((k) => (/^\d+$/.test(k) ? '*' : k)).join('.')}`;
        found[where] = [...new Set([...(found[where] ?? []), field])].sort();
      }
    }
    // The synthetic fixture's extras look hand-merged (session_start with api_error fields, a
    // compact_boundary with model-fallback fields, tool_result text parts with `tool_name`/`source`).
    expect(found).toEqual({
      [edgeCasesFile]: ['user message.contenst', 'user timesstamp'],
      [syntheticFile]: [
        'system/compact_boundary fallbackModel',
        'system/compact_boundary originalModel',
        'system/compact_boundary trigger',
        'system/session_start cause',
        'system/session_start durationMs',
        'system/session_start error',
        'system/session_start maxRetries',
        'system/session_start messageCount',
        'system/session_start retryAttempt',
        'system/session_start retryInMs',
        'user message.content.*.content.*.source',
        'user message.content.*.content.*.tool_name',
        'user message.content.*.text',
      ],
    });
  });

  it('sees every system subtype, attachment type and progress type of the corpus as known', () => {
    const known = new Set<string>([
      ...systemSubtypes.map((s) => `system/${s}`),
      ...attachmentTypes.map((t) => `attachment/${t}`),
      ...progressDataTypes.map((t) => `progress/${t}`),
    ]);
    const variants = new Set(
      decoded
        .filter(({ decoded: d }) => ['system', 'attachment', 'progress'].includes(d.type ?? ''))
        .map(({ decoded: d }) => variantOf(d.record)),
    );
    // CC 1.0.x system records carry no subtype.
    expect([...variants].filter((v) => !known.has(v))).toEqual(['system/undefined']);
  });
});
