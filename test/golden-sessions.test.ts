import { describe, expect, it } from 'vitest';
import { readSession } from '../src/lifecycle/load-sessions.js';
import type { Message } from '../src/model/message.js';
import type { Session } from '../src/model/session.js';
import { corpusPath } from './corpus.js';

/** A reviewable projection of a session: one line per message and per call, no bulky text. */
function project(session: Session): unknown {
  const text = (m: Message) =>
    m.parts
      .map((p) =>
        p.type === 'text'
          ? p.text
          : p.type === 'tool_call'
            ? `[call ${p.callId.slice(-6)}]`
            : p.type === 'tool_result'
              ? `[result ${p.callId.slice(-6)}]`
              : `[${p.type}]`,
      )
      .join(' ')
      .replace(/\s+/g, ' ')
      .slice(0, 70);
  return {
    id: session.id,
    agent: session.agent,
    project: session.project,
    title: session.title,
    titleSource: session.titleSource,
    time: [session.startTime, session.endTime, session.durationMs],
    versions: session.versions,
    models: session.models,
    usage: session.usage,
    counts: session.counts,
    problems: session.problems.map((p) => `${p.type} @${p.location.line}`),
    turns: session.turns.map(
      (t) => `${t.index}: ${t.messageIds.length} messages, ${t.toolCallIds.length} calls`,
    ),
    messages: session.messages.map(
      (m) =>
        `${m.location.line} ${m.role}/${m.kind}${m.subtype ? `/${m.subtype}` : ''}${m.offBranch ? ' (off-branch)' : ''}${m.usage ? ` out=${m.usage.outputTokens}` : ''}: ${text(m)}`,
    ),
    toolCalls: session.toolCalls.map(
      (c) =>
        `${c.id.slice(-6)} ${c.name}${c.canonicalName !== c.name ? `->${c.canonicalName}` : ''} ${c.status}${c.durationMs === undefined ? '' : ` ${c.durationMs}ms`}${c.subagentId ? ` subagent=${c.subagentId}` : ''}${c.statusReason ? ` (${c.statusReason.slice(0, 60)})` : ''}`,
    ),
    subagents: session.subagents.map((s) => ({
      agentId: s.agentId,
      toolCallId: s.toolCallId,
      linkedBy: s.linkedBy,
      agentType: s.agentType,
      session: project(s.session),
    })),
  };
}

const cases: [string, string][] = [
  // Parallel calls (two Globs and a TodoWrite in one API message, results fanned out) and old-layout sidechains.
  [
    'parallel-calls',
    'd-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl',
  ],
  // A Task call whose subagent lives in <session>/subagents/agent-a2271d1.jsonl (2.1.17).
  [
    'subagents',
    'iansherr__claude-code-log/test/test_data/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
  ],
  // A compaction (compact_boundary with logicalParentUuid, then the summary) and legacy progress records.
  [
    'compaction',
    'microsoft__vscode-copilot-chat/src/extension/chatSessions/vscode-node/test/fixtures/98b76fb9-f5d3-40c5-ab82-b970c20e3764.jsonl',
  ],
];

describe('golden sessions', () => {
  for (const [name, file] of cases) {
    it(name, async () => {
      const session = await readSession(corpusPath(file));
      expect(session).toBeDefined();
      const json = JSON.stringify(project(session as Session), null, 2).replaceAll(
        corpusPath(''),
        '<corpus>/',
      );
      await expect(`${json}\n`).toMatchFileSnapshot(`__snapshots__/golden-${name}.json`);
    });
  }
});
