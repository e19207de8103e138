import { beforeAll, describe, expect, it } from 'vitest';
import { loadSessions, toolCalls } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import type { ToolCall } from '../src/model/tool-call.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusDir, corpusFiles, corpusPath, isCodexFile, naiveRecords } from './corpus.js';

/** Every session of a tree, depth first. */
function flatten(session: Session): Session[] {
  return [session, ...session.subagents.flatMap((s) => flatten(s.session))];
}

/** Independent route: tool_use ids and tool_result ids of a Claude Code file, by a plain scan. */
function scanPairs(file: string) {
  const uses = new Set<string>();
  const results = new Set<string>();
  let usesWithoutId = 0;
  let resultsWithoutId = 0;
  for (const record of naiveRecords(file)) {
    const content = (record.message as { content?: unknown } | undefined)?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as { type?: string; id?: string; tool_use_id?: string }[]) {
      if (record.type === 'assistant' && block?.type === 'tool_use') {
        if (block.id) uses.add(block.id);
        else usesWithoutId += 1;
      }
      if (record.type === 'user' && block?.type === 'tool_result') {
        if (block.tool_use_id) results.add(block.tool_use_id);
        else resultsWithoutId += 1;
      }
    }
  }
  return { uses, results, usesWithoutId, resultsWithoutId };
}

describe('lifecycle on the corpus', () => {
  let sessions: Session[] = [];
  let all: Session[] = [];
  const byFile = (relative: string): Session => {
    const file = corpusPath(relative);
    const found = all.find((s) => s.files[0] === file);
    if (!found) throw new Error(`no session for ${relative}`);
    return found;
  };

  beforeAll(async () => {
    const discovery = await discoverPaths([corpusDir]);
    sessions = await loadSessions(discovery.files);
    all = sessions.flatMap(flatten);
  });

  it('reads every file of the corpus into exactly one session', () => {
    const files = all.flatMap((s) => s.files).sort();
    expect(files).toEqual(corpusFiles());
  });

  it('pairs every tool_use with its result when both are in the files (independent scan)', () => {
    const calls = all.flatMap((s) => s.toolCalls);
    for (const file of corpusFiles().filter((f) => !isCodexFile(f))) {
      const { uses, results, usesWithoutId, resultsWithoutId } = scanPairs(file);
      const inFile = calls.filter((c) => c.location.file === file);
      const synthetic = (c: ToolCall) => c.id.includes('#tool_');
      const ids = (list: ToolCall[]) => new Set(list.filter((c) => !synthetic(c)).map((c) => c.id));
      const paired = inFile.filter((c) => c.result !== undefined && c.status !== 'orphan_result');
      expect(ids(paired), file).toEqual(new Set([...uses].filter((id) => results.has(id))));
      const missing = inFile.filter((c) => c.result === undefined);
      expect(ids(missing), file).toEqual(new Set([...uses].filter((id) => !results.has(id))));
      const orphans = inFile.filter((c) => c.status === 'orphan_result');
      expect(ids(orphans), file).toEqual(new Set([...results].filter((id) => !uses.has(id))));
      // Blocks without ids are kept as calls with synthetic ids: unpaired, never lost.
      expect(missing.filter(synthetic).length, file).toBe(usesWithoutId);
      expect(orphans.filter(synthetic).length, file).toBe(resultsWithoutId);
    }
  });

  it('classifies calls without a result as missing or interrupted, never ok', () => {
    for (const call of all.flatMap((s) => s.toolCalls)) {
      if (call.result === undefined) expect(['missing', 'interrupted', 'ok'], call.id).toContain(call.status);
      if (call.result === undefined && call.name !== 'web_search')
        expect(call.status, call.id).not.toBe('ok');
    }
  });

  it('never lists a subagent file as a top-level session while its parent session is present', () => {
    const mainIds = new Set(sessions.filter((s) => !s.isSubagent).map((s) => s.id));
    for (const session of sessions.filter((s) => s.isSubagent)) {
      expect(mainIds.has(session.parentSessionId ?? '(none)'), session.files[0]).toBe(false);
      expect(session.files[0]).toMatch(/agent-[^/]+\.jsonl$/);
    }
  });

  it('links every subagent to its parent call where the parent session is present', () => {
    const linked = all.filter((s) => s.isSubagent && s.parentToolCallId !== undefined);
    // Subagent files whose main session is in the corpus, checked by hand (see comments below).
    const expectations: [string, string, string][] = [
      // <session>/subagents layout (2.1.17), linked by toolUseResult.agentId.
      [
        'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20/subagents/agent-a2271d1.jsonl',
        'toolu_01SXaWzD5YZ73zGwchbcxeWi',
        'tool-use-result',
      ],
      // <session>/subagents layout (2.1.114).
      [
        'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1/subagents/agent-aef063ba534d73153.jsonl',
        '',
        '',
      ],
    ];
    for (const [file, callId, by] of expectations) {
      const sub = linked.find((s) => s.files[0] === corpusPath(file));
      expect(sub, file).toBeDefined();
      if (callId) expect(sub?.parentToolCallId).toBe(callId);
      if (by) {
        const parent = all.find((s) => s.subagents.some((x) => x.session === sub));
        expect(parent?.subagents.find((x) => x.session === sub)?.linkedBy).toBe(by);
      }
    }
  });

  it('matches hand-checked figures for single files', () => {
    // Figures from jq (tool_use ids, tool_result ids, paired): see the pairing command in the commit note.
    const cases: [string, { calls: number; missing: number; subagents: number }][] = [
      // Old layout: sidechain records inside the main file (two Task runs), 13 main calls + 2 + 6 in sidechains = 21.
      [
        'd-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl',
        { calls: 21, missing: 0, subagents: 3 },
      ],
      // Flat agent-<id>.jsonl layout (agent-388fb764 beside it): 71 calls, all paired.
      [
        'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl',
        { calls: 71, missing: 0, subagents: 1 },
      ],
      // <session>/subagents layout: 1 Task call + 24 calls in the subagent.
      [
        'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
        { calls: 25, missing: 0, subagents: 1 },
      ],
      [
        'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
        { calls: 46, missing: 0, subagents: 1 },
      ],
      [
        'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-danieldemmel-me-next/9e953218-585f-4692-89df-9e0747a31c68.jsonl',
        { calls: 92, missing: 0, subagents: 0 },
      ],
      // Synthetic fixture: 3 tool_use (one without id, in a sidechain) and 2 results, one paired and two without
      // tool_use_id (orphans with synthetic ids): 5 call entries, 2 without a result, 1 sidechain subagent.
      [
        'jazzyalex__agent-sessions/Resources/Fixtures/stage0/agents/claude/small.jsonl',
        { calls: 5, missing: 2, subagents: 1 },
      ],
    ];
    for (const [file, expected] of cases) {
      const session = byFile(file);
      const calls: ToolCall[] = [...toolCalls(session)];
      const countSubagents = (s: Session): number =>
        s.subagents.reduce((n, x) => n + 1 + countSubagents(x.session), 0);
      expect(
        {
          calls: calls.length,
          missing: calls.filter((c) => c.result === undefined).length,
          subagents: countSubagents(session),
        },
        file,
      ).toEqual(expected);
    }
  });

  it('takes a resumed session id from its file name, not from the copied records', () => {
    // b02ed4d8 resumed c8bcb3a7: its first records were copied with the old sessionId.
    const session = byFile(
      'microsoft__vscode-copilot-chat/src/extension/chatSessions/claude/node/test/fixtures/b02ed4d8-1f00-45cc-949f-3ea63b2dbde2.jsonl',
    );
    expect(session.id).toBe('b02ed4d8-1f00-45cc-949f-3ea63b2dbde2');
    expect(
      session.messages
        .filter((m) => m.kind === 'prompt')
        .map((m) => m.parts[0]?.type === 'text' && m.parts[0].text),
    ).toEqual(['hello session 1', 'hello session 1 continued', 'hello session 1 resumed']);
  });

  it('counts conservation for every session file', () => {
    for (const session of all) {
      const c = session.counts;
      expect(c.records + c.errors + c.blankLines, session.files.join()).toBe(c.lines);
    }
  });
});
