// Real examples for the docs, taken from the shared corpus of genuine transcripts (`--refresh-examples`):
// one example per tool and per record kind, shortened and scrubbed, each checked against the registry's
// schemas before it is kept. The result is committed (scripts/docs/corpus-examples.json), so `npm run docs`
// gives the same docs on a clone that has no corpus.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { byText } from './markdown.mjs';
import { cutText, printedSize, shorten } from './shorten.mjs';

/** Envelope fields left out of record examples (01-format.md shows the full envelope once). */
const envelopeNoise = [
  'userType',
  'cwd',
  'version',
  'gitBranch',
  'isSidechain',
  'slug',
  'entrypoint',
  'session_id',
  'sessionKind',
];

/** Corpus files whose provenance says genuine (not hand-written, not synthetic), relative to the corpus. */
export function genuineFiles(corpusDir) {
  const rows = readFileSync(path.join(corpusDir, 'PROVENANCE.tsv'), 'utf8').trim().split('\n').slice(1);
  const genuine = rows
    .map((row) => row.split('\t'))
    .filter((cells) => /^genuine(\s|$)/.test(cells[6] ?? ''))
    .map((cells) => cells[0]);
  const present = new Set(
    readdirSync(corpusDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl')),
  );
  return genuine.filter((f) => present.has(f)).sort(byText);
}

function readLines(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((text, i) => {
      try {
        const value = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { line: i + 1, value }
          : undefined;
      } catch {
        return undefined;
      }
    })
    .filter((entry) => entry !== undefined);
}

function claudeRecordKind(record) {
  switch (record.type) {
    case 'system':
      return `system:${record.subtype ?? '(none)'}`;
    case 'attachment':
      return `attachment:${record.attachment?.type}`;
    case 'progress':
      return `progress:${record.data?.type}`;
    case 'user': {
      const content = record.message?.content;
      if (record.isCompactSummary) return 'user:compact-summary';
      if (record.isMeta) return 'user:meta';
      if (Array.isArray(content) && content.some((b) => b?.type === 'tool_result')) return 'user:tool-result';
      if (Array.isArray(content) && content.some((b) => b?.type === 'image')) return 'user:image';
      return record.isSidechain === true || record.agentId !== undefined
        ? 'user:subagent-prompt'
        : 'user:prompt';
    }
    case 'assistant': {
      if (record.message?.model === '<synthetic>') return 'assistant:synthetic';
      const block = record.message?.content?.[0]?.type;
      return `assistant:${block ?? '(empty)'}`;
    }
    default:
      return String(record.type);
  }
}

function codexRecordKind(line) {
  if (line.type === 'response_item' || line.type === 'event_msg') return `${line.type}:${line.payload?.type}`;
  return String(line.type ?? line.record_type ?? '(bare)');
}

/** How far an example's printed size is from a few readable lines (smaller is better). */
function distance(candidate) {
  return Math.abs(printedSize(candidate.value) - 360);
}

/** Keeps, per key, the candidate closest to a few lines of JSON (ties: the first in corpus order). */
function keepSmallest(map, key, candidate) {
  const current = map.get(key);
  if (current === undefined || distance(candidate) < distance(current)) map.set(key, candidate);
}

function recordExamples(lib, corpusDir, files) {
  const byKind = new Map();
  for (const file of files) {
    const lines = readLines(path.join(corpusDir, file));
    const codex = lines[0] !== undefined && ('payload' in lines[0].value || 'record_type' in lines[0].value);
    for (const { line, value } of lines) {
      if (codex) {
        if (!('payload' in value)) continue;
        const decoded = lib.decodeCodexLine(value, 'full', { lineIndex: line - 1 });
        if (!decoded.known || decoded.issues.length > 0) continue;
        const short = shorten(value, { maxString: 90 });
        if (lib.decodeCodexLine(short, 'full', { lineIndex: line - 1 }).issues.length > 0) continue;
        keepSmallest(byKind, `codex ${codexRecordKind(value)}`, { source: `${file}:${line}`, value: short });
      } else {
        const decoded = lib.decodeClaudeCodeRecord(value, 'full');
        if (decoded.kind !== 'known' || decoded.issues.length > 0) continue;
        const short = shorten(value, { maxString: 90, drop: envelopeNoise });
        if (lib.decodeClaudeCodeRecord(short, 'full').issues.length > 0) continue;
        const version = typeof value.version === 'string' ? value.version : undefined;
        const kind = claudeRecordKind(value);
        const candidate = { source: `${file}:${line}`, ...(version === undefined ? {} : { version }) };
        keepSmallest(byKind, `claude-code ${kind}`, { ...candidate, value: short });
        // One prompt of a 2.x build with its whole envelope, for the envelope section of 01-format.md.
        if (kind === 'user:prompt' && version?.startsWith('2.'))
          keepSmallest(byKind, 'claude-code envelope', {
            ...candidate,
            value: shorten(value, { maxString: 90 }),
          });
      }
    }
  }
  return byKind;
}

function lineAt(location) {
  const text = readFileSync(location.file, 'utf8').split('\n')[location.line - 1];
  return text === undefined ? undefined : JSON.parse(text);
}

function claudeToolExample(spec, call, relative) {
  if (typeof call.input !== 'object' || call.input === null) return undefined;
  const structured = call.result?.structured;
  if (structured === undefined || typeof structured === 'string') return undefined;
  const input = shorten(call.input, { maxString: 100 });
  const result = shorten(structured, { maxString: 100 });
  if (!spec.input.safeParse(input).success || !spec.result.safeParse(result).success) return undefined;
  const version = lineAt(call.location)?.version;
  return {
    source: `${relative(call.location.file)}:${call.location.line}`,
    ...(typeof version === 'string' ? { version } : {}),
    resultSource: `${relative(call.result.location.file)}:${call.result.location.line}`,
    value: { input, result, text: cutText(call.result.text ?? '', 160) },
  };
}

/** A Codex call line, shortened; JSON `arguments` are shortened as an object and written back as JSON. */
function shortCodexCall(line) {
  const { arguments: args, ...rest } = line.payload;
  const short = shorten({ ...line, payload: rest }, { maxString: 160 });
  if (typeof args !== 'string') return short;
  let value;
  try {
    value = JSON.parse(args);
  } catch {
    return { ...short, payload: { ...short.payload, arguments: cutText(args, 160) } };
  }
  const text = JSON.stringify(shorten(value, { maxString: 100 }));
  // Keep the key order of the wire item: `arguments` goes back where it was.
  const payload = {};
  for (const key of Object.keys(line.payload)) payload[key] = key === 'arguments' ? text : short.payload[key];
  return { ...short, payload };
}

function codexToolExample(lib, spec, call, relative) {
  const callLine = lineAt(call.location);
  if (callLine?.payload === undefined) return undefined;
  const shortCall = shortCodexCall(callLine);
  const parsed = lib.codexToolCallInput(shortCall.payload);
  if (parsed === undefined || !parsed.input.ok || !spec.input.safeParse(parsed.input.value).success)
    return undefined;
  const source = `${relative(call.location.file)}:${call.location.line}`;
  // Hosted tools such as web_search write no output item.
  if (spec.result._zod.def.type === 'never') return { source, value: { call: shortCall } };
  const outputLine = call.result === undefined ? undefined : lineAt(call.result.location);
  if (outputLine?.payload === undefined) return undefined;
  // Keep the header lines of the output text (exit code, wall time, `Output:`) so that it decodes the same.
  const shortOutput = shorten(outputLine, { maxString: 300, maxLines: 7 });
  if (!spec.result.safeParse(lib.parseCodexToolOutput(shortOutput.payload.output)).success) return undefined;
  return {
    source,
    resultSource: `${relative(call.result.location.file)}:${call.result.location.line}`,
    value: { call: shortCall, output: shortOutput },
  };
}

async function toolExamples(lib, corpusDir, files) {
  const genuine = new Set(files.map((f) => path.join(corpusDir, f)));
  const relative = (file) => path.relative(corpusDir, file).split(path.sep).join('/');
  const { sessions } = await lib.listSessions({ paths: [corpusDir] });
  sessions.sort((a, b) => byText(a.files[0] ?? '', b.files[0] ?? ''));
  const byTool = new Map();
  for (const session of sessions) {
    for (const call of lib.toolCalls(session)) {
      if (call.status !== 'ok' || call.kind !== 'builtin' || !genuine.has(call.location.file)) continue;
      if (call.result !== undefined && !genuine.has(call.result.location.file)) continue;
      const codex = session.agent === 'codex';
      const spec = (codex ? lib.codexTools : lib.claudeCodeTools)[call.name];
      if (spec === undefined) continue;
      const example = codex
        ? codexToolExample(lib, spec, call, relative)
        : claudeToolExample(spec, call, relative);
      if (example !== undefined) keepSmallest(byTool, `${session.agent} ${call.name}`, example);
    }
  }
  const genuineSessions = sessions.filter((session) => genuine.has(session.files[0] ?? ''));
  const inventory = lib
    .computeToolInventory(genuineSessions)
    .map((row) => ({ agent: row.agent, tool: row.tool, calls: row.calls }))
    .sort((a, b) => byText(a.agent, b.agent) || b.calls - a.calls || byText(a.tool, b.tool));
  return { byTool, inventory };
}

function sortedObject(map) {
  return Object.fromEntries([...map.keys()].sort(byText).map((key) => [key, map.get(key)]));
}

/** Reads the corpus and returns the examples file content (an object; see corpus-examples.json). */
export async function extractExamples(lib, corpusDir) {
  const files = genuineFiles(corpusDir);
  const { byTool, inventory } = await toolExamples(lib, corpusDir, files);
  return {
    about:
      'Examples for docs/, taken from the genuine files of the shared corpus by `npm run docs -- --refresh-examples DIR` (shortened, scrubbed, checked against the schemas). Sources are corpus paths with line numbers.',
    files: files.length,
    records: sortedObject(recordExamples(lib, corpusDir, files)),
    tools: sortedObject(byTool),
    inventory,
  };
}
