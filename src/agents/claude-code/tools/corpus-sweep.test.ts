import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../../../test/corpus.js';
import { lookupClaudeCodeTool, validateToolInput, validateToolResult } from './index.js';

const corpusDir = sharedCorpusDir;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function contentBlocks(record: JsonObject): JsonObject[] {
  const message = record.message;
  if (!isObject(message) || !Array.isArray(message.content)) return [];
  return message.content.filter(isObject);
}

interface Sweep {
  /** Claude Code files read, relative to the corpus. */
  files: string[];
  /** Calls per tool name over the whole corpus. */
  calls: Record<string, number>;
  /** Results paired to a call (one tool_result per user record), per tool name. */
  results: Record<string, number>;
  /** Problems, per file: `L<line> <tool> <part> <path> <code>`. */
  issues: Record<string, string[]>;
  /** Calls Claude Code answered with InputValidationError, with the number of input issues we find. */
  rejectedInputs: { file: string; tool: string; issues: number }[];
}

/** A Codex rollout: envelope lines (`payload`) or bare-era lines (`record_type`), or a bare-era header. */
function isCodexRollout(records: JsonObject[]): boolean {
  const first = records[0];
  if (first !== undefined && 'id' in first && 'timestamp' in first && 'instructions' in first) return true;
  return records.some((record) => 'payload' in record || 'record_type' in record);
}

function sweepCorpus(): Sweep {
  const sweep: Sweep = { files: [], calls: {}, results: {}, issues: {}, rejectedInputs: [] };
  const files = readdirSync(corpusDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    const lines = readFileSync(path.join(corpusDir, file), 'utf8').split('\n');
    const records: { line: number; record: JsonObject }[] = [];
    lines.forEach((text, index) => {
      if (text.trim() === '') return;
      try {
        const value: unknown = JSON.parse(text);
        if (isObject(value)) records.push({ line: index + 1, record: value });
      } catch {
        // Corrupt lines are the reader's concern, not the tool registry's.
      }
    });
    if (isCodexRollout(records.map((entry) => entry.record))) continue;
    sweep.files.push(file);
    const issues: string[] = [];
    const resultsById = new Map<string, { line: number; result: unknown }>();
    for (const { line, record } of records) {
      if (record.type !== 'user' || !('toolUseResult' in record)) continue;
      const toolResults = contentBlocks(record).filter((block) => block.type === 'tool_result');
      const toolUseId = toolResults.length === 1 ? toolResults[0]?.tool_use_id : undefined;
      if (typeof toolUseId === 'string') resultsById.set(toolUseId, { line, result: record.toolUseResult });
    }
    for (const { line, record } of records) {
      if (record.type !== 'assistant') continue;
      for (const block of contentBlocks(record)) {
        if (block.type !== 'tool_use' || typeof block.name !== 'string') continue;
        const name = block.name;
        sweep.calls[name] = (sweep.calls[name] ?? 0) + 1;
        if (lookupClaudeCodeTool(name).kind === 'unknown') {
          issues.push(`L${line} ${name} name unknown_tool`);
          continue;
        }
        const inputIssues = validateToolInput(name, block.input);
        const paired = typeof block.id === 'string' ? resultsById.get(block.id) : undefined;
        if (typeof paired?.result === 'string' && paired.result.startsWith('InputValidationError')) {
          // Claude Code rejected this input itself: our schema must reject it too.
          sweep.rejectedInputs.push({ file, tool: name, issues: inputIssues.length });
        } else {
          for (const issue of inputIssues) {
            issues.push(`L${line} ${name} input ${issue.path.join('.')} ${issue.code}`);
          }
        }
        if (paired === undefined) continue;
        sweep.results[name] = (sweep.results[name] ?? 0) + 1;
        for (const issue of validateToolResult(name, paired.result)) {
          issues.push(`L${paired.line} ${name} result ${issue.path.join('.')} ${issue.code}`);
        }
      }
    }
    if (issues.length > 0) sweep.issues[file] = issues;
  }
  return sweep;
}

/**
 * Issues in the corpus files that are not genuine logs (PROVENANCE.tsv: handwritten or synthetic),
 * found by reading them. Every other file must be free of issues.
 */
const expectedIssues: Record<string, string[]> = {
  // Handwritten renderer edge cases (claude-code-log).
  'iansherr__claude-code-log/test/test_data/edge_cases.jsonl': [
    // A made-up tool name.
    'L4 FailingTool name unknown_tool',
    // A todo list whose first item is a bare string.
    'L17 TodoWrite input todos.0 invalid_type',
  ],
  // Handwritten nested-agent fixture: the three Agent results are cut down to {agentId, status: "completed"}.
  'iansherr__claude-code-log/test/test_data/nested_agents/33330000-0000-4000-8000-000000000001.jsonl': [
    3, 4, 6,
  ].flatMap((line) =>
    ['prompt', 'content', 'totalToolUseCount', 'totalDurationMs', 'totalTokens', 'usage'].map(
      (field) => `L${line} Agent result ${field} invalid_type`,
    ),
  ),
  // Synthetic schema-derived fixtures (agent-sessions): a lower-case "bash", a trimmed tool name,
  // and a Task call without its required prompt.
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/small.jsonl': [
    'L8 bash name unknown_tool',
    'L55 [trimmed for fixture] name unknown_tool',
  ],
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f.jsonl':
    ['L3 Task input prompt invalid_type'],
  'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f/subagents/agent-a0ad4f44468bdf20d.jsonl':
    ['L2 bash name unknown_tool'],
};

/**
 * `tool_use` blocks per name over every Claude Code file of the corpus (handwritten ones included).
 * Checked independently: `jq -r 'objects | select(.type=="assistant") | .message | objects | .content
 * | arrays | .[] | objects | select(.type=="tool_use") | .name'` over all corpus files gives the same
 * table, and `grep -o '"name": \?"Bash"'` counts 140 Bash, `"Read"` 109 and `"TodoWrite"` 76 calls.
 */
const expectedCalls: Record<string, number> = {
  Bash: 140,
  Read: 109,
  TodoWrite: 76,
  Edit: 66,
  Glob: 36,
  Grep: 27,
  Write: 16,
  Task: 12,
  MultiEdit: 12,
  TaskUpdate: 12,
  Agent: 10,
  WebSearch: 7,
  WebFetch: 7,
  TaskCreate: 6,
  ToolSearch: 3,
  SendMessage: 3,
  BashOutput: 2,
  KillShell: 2,
  LS: 2,
  bash: 2,
  TaskOutput: 1,
  FailingTool: 1,
  Monitor: 1,
  ExitPlanMode: 1,
  TaskList: 1,
  '[trimmed for fixture]': 1,
};

describe('Claude Code tool registry over the corpus', () => {
  const sweep = sweepCorpus();

  it('reads the Claude Code files and skips Codex rollouts', () => {
    expect(sweep?.files.length).toBe(55);
    expect(sweep?.files.some((file) => file.includes('rollout-'))).toBe(false);
  });

  it('counts tool_use blocks per tool name', () => {
    expect(sweep?.calls).toEqual(expectedCalls);
  });

  it('finds issues only in the handwritten and synthetic files, exactly as read', () => {
    expect(sweep?.issues).toEqual(expectedIssues);
  });

  it('rejects the inputs that Claude Code itself rejected with InputValidationError', () => {
    // Genuine 1.0.108 log: a Task call without "prompt", answered with InputValidationError.
    expect(sweep?.rejectedInputs).toEqual([
      {
        file: 'd-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl',
        tool: 'Task',
        issues: 1,
      },
    ]);
  });

  it('pairs results to most tools seen', () => {
    expect(Object.keys(sweep?.results ?? {}).sort()).toEqual([
      'Agent',
      'Bash',
      'BashOutput',
      'Edit',
      'ExitPlanMode',
      'Glob',
      'Grep',
      'KillShell',
      'LS',
      'MultiEdit',
      'Read',
      'SendMessage',
      'Task',
      'TaskCreate',
      'TaskList',
      'TaskOutput',
      'TaskUpdate',
      'TodoWrite',
      'ToolSearch',
      'WebFetch',
      'WebSearch',
      'Write',
    ]);
  });
});
