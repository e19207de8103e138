import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClaudeCodeSession } from '../src/agents/claude-code/build-session.js';
import type { RecordFile } from '../src/agents/record-file.js';
import { transcriptMarkdown } from '../src/exporters/transcript-markdown.js';
import { loadSessions, readSession } from '../src/lifecycle/load-sessions.js';
import type { Session } from '../src/model/session.js';
import { discoverPaths } from '../src/sources/index.js';
import { corpusDir, corpusPath } from './corpus.js';

/**
 * Issue 16, point 1: a message is off-branch only below a real fork (a parent with two or more children)
 * on the branch that was not continued; chains that start without a parent continue in file order.
 * Expected figures come from an independent scan of the files (a plain JSON walk written from the rule,
 * not from agentlog's code): messages = user and system records plus assistant API messages.
 */
const fixture = path.resolve(import.meta.dirname, 'fixtures/claude-code/compaction-1.0.80.jsonl');

function flatten(session: Session): Session[] {
  return [session, ...session.subagents.flatMap((s) => flatten(s.session))];
}

const offBranch = (session: Session) => session.messages.filter((m) => m.offBranch).length;

describe('rewound branches on the corpus', () => {
  let all: Session[] = [];
  const byFile = (relative: string): Session => {
    const file = corpusPath(relative);
    const found = all.find((s) => s.files[0] === file);
    if (!found) throw new Error(`no session for ${relative}`);
    return found;
  };

  beforeAll(async () => {
    all = (await loadSessions((await discoverPaths([corpusDir])).files)).flatMap(flatten);
  });

  it('does not rewind chains whose parent is absent from the file (trimmed or elided records)', () => {
    expect(
      offBranch(
        byFile('codemie-ai__codemie-code/tests/integration/conversations/fixtures/sessions/5c187f31.jsonl'),
      ),
    ).toBe(0);
    expect(offBranch(byFile('iansherr__claude-code-log/test/test_data/edge_cases.jsonl'))).toBe(0);
    expect(offBranch(byFile('simonw__claude-code-transcripts/tests/sample_session.jsonl'))).toBe(0);
  });

  it('does not take parallel tool results fanned out from their assistant record for a rewind', () => {
    const subagent = all.find((s) =>
      s.files[0]?.endsWith('29ccd257-68b1-427f-ae5f-6524b7cb6f20/subagents/agent-a2271d1.jsonl'),
    );
    expect(subagent?.messages.length).toBeGreaterThan(0);
    expect(offBranch(subagent as Session)).toBe(0);
    expect(
      offBranch(
        byFile(
          'iansherr__claude-code-log/test/test_data/real_projects/-experiments-worktrees/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
        ),
      ),
    ).toBe(0);
    expect(offBranch(byFile('marot__spotter/test/fixtures/transcripts/tool_heavy.jsonl'))).toBe(0);
  });

  it('marks the branches left behind at real forks (edited prompts), as the independent scan finds them', () => {
    const sample =
      'iansherr__claude-code-log/test/test_data/real_projects/-Users-dain-workspace-claude-code-log-sample';
    expect(offBranch(byFile(`${sample}/71c9afe9-d9cc-4583-86b3-e62ba682b83a.jsonl`))).toBe(10);
    expect(offBranch(byFile(`${sample}/0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl`))).toBe(4);
    expect(offBranch(byFile(`${sample}/12a546d1-83a7-49a6-abba-5400db340b43.jsonl`))).toBe(2);
    expect(
      offBranch(
        byFile(
          'iansherr__claude-code-log/test/test_data/real_projects/-experiments-ideas/03eb5929-52b3-4b13-ada3-b93ae35806b8.jsonl',
        ),
      ),
    ).toBe(9);
  });
});

describe('a 1.0.x compaction (summary with parentUuid null and no logicalParentUuid)', () => {
  it('keeps the conversation before it on the main line and shows a compaction boundary', async () => {
    const session = await readSession(fixture);
    if (!session) throw new Error('fixture not read');
    expect(offBranch(session)).toBe(0);
    const kinds = session.messages.map((m) => m.kind);
    const summary = kinds.indexOf('compact_summary');
    expect(summary).toBeGreaterThan(0);
    expect(kinds[summary - 1]).toBe('compact_boundary');
    expect(kinds.filter((k) => k === 'compact_boundary')).toHaveLength(1);
    expect(session.turns.map((t) => t.promptId)).toEqual(['u-0001', 'u-0003', 'u-0005']);
  });

  it('exports a transcript that starts with the opening prompt', async () => {
    const session = await readSession(fixture);
    if (!session) throw new Error('fixture not read');
    const text = [...transcriptMarkdown(session, 'minimal')].join('\n');
    expect(text).toContain('Add a health check endpoint to the server');
    expect(text).not.toContain('rewound branch');
    expect(text.indexOf('Add a health check endpoint')).toBeLessThan(text.indexOf('Conversation compacted'));
    expect(text.indexOf('Conversation compacted')).toBeLessThan(text.indexOf('Now write a test for /health'));
  });
});

describe('branch marking on small logs', () => {
  const file = '/p/-home-me-app/22222222-2222-4222-8222-222222222222.jsonl';
  const recordFile = (values: Record<string, unknown>[]): RecordFile => ({
    file,
    records: values.map((value, i) => ({ value, location: { file, line: i + 1 } })),
    counts: {
      lines: values.length,
      blankLines: 0,
      records: values.length,
      errors: 0,
      recordsByType: {},
      unknownRecordTypes: {},
    },
    problems: [],
  });
  const user = (uuid: string, parentUuid: string | null, content: unknown) => ({
    type: 'user',
    uuid,
    parentUuid,
    timestamp: '2026-01-01T10:00:00.000Z',
    message: { role: 'user', content },
  });
  const assistant = (uuid: string, parentUuid: string, id: string, text: string) => ({
    type: 'assistant',
    uuid,
    parentUuid,
    requestId: `req_${id}`,
    timestamp: '2026-01-01T10:00:01.000Z',
    message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text }] },
  });

  it('marks an edited prompt and its answer as rewound, the continued branch not', () => {
    const session = buildClaudeCodeSession(
      recordFile([
        user('p1', null, 'first'),
        assistant('a1', 'p1', 'msg_1', 'one'),
        user('p2', 'a1', 'second, abandoned'),
        assistant('a2', 'p2', 'msg_2', 'two'),
        user('p2b', 'a1', 'second, edited'),
        assistant('a2b', 'p2b', 'msg_3', 'three'),
      ]),
    );
    expect(session.messages.filter((m) => m.offBranch).map((m) => m.id)).toEqual(['p2', 'a2']);
  });

  it('does not rewind what follows the last message when nothing forks', () => {
    const session = buildClaudeCodeSession(
      recordFile([
        user('p1', null, 'first'),
        assistant('a1', 'p1', 'msg_1', 'one'),
        { type: 'system', uuid: 's1', parentUuid: 'a1', subtype: 'stop_hook_summary', content: 'done' },
      ]),
    );
    expect(session.messages.some((m) => m.offBranch)).toBe(false);
  });

  it('walks a chain of 200,000 records without recursion', () => {
    const values: Record<string, unknown>[] = [user('n0', null, 'start')];
    for (let i = 1; i < 200_000; i++) values.push(user(`n${i}`, `n${i - 1}`, `step ${i}`));
    values.push(user('fork', 'n10', 'edited'));
    const session = buildClaudeCodeSession(recordFile(values));
    // The edit of step 11 is the last record: steps 11 to 199,999 are the branch left behind.
    expect(session.messages.filter((m) => m.offBranch).length).toBe(199_989);
  });
});
