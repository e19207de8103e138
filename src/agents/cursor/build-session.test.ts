import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/temp-dir.js';
import { readAgentFile } from '../test-support/read-agent-file.js';
import { buildCursorSession } from './build-session.js';
import { decodeCursorRecord } from './decode-record.js';

const scratch = tempDir('cursor-build');
const read = (file: string) => readAgentFile(file, (v) => decodeCursorRecord(v, 'envelope'));

const user = (...content: object[]) => ({ role: 'user', message: { content } });
const assistant = (...content: object[]) => ({ role: 'assistant', message: { content } });
const text = (t: string) => ({ type: 'text', text: t });
const use = (name: string, input: object = {}, id?: string) => ({
  type: 'tool_use',
  name,
  input,
  ...(id ? { id } : {}),
});
const result = (t: string, extra: object = {}) => ({ type: 'tool_result', content: [text(t)], ...extra });

async function build(records: object[], relative = 'p/agent-transcripts/s1.jsonl') {
  const file = path.join(scratch, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return buildCursorSession(await read(file));
}

describe('buildCursorSession', () => {
  it('pairs results with the open calls of the turn in order, and ends a turn at the next prompt', async () => {
    const s = await build([
      user(text('<user_query>\nlook\n</user_query>')),
      assistant(use('Shell', { command: 'a' }), use('Read', { path: 'b' })),
      user(result('out a'), result('out b', { is_error: true })),
      assistant(use('Shell', { command: 'c' })),
      user(text('next')),
      user(result('late')),
    ]);
    const [a, b, c, orphan] = s.toolCalls;
    expect([a?.name, a?.status, a?.result?.text]).toEqual(['Shell', 'ok', 'out a']);
    expect([b?.name, b?.status, b?.statusReason]).toEqual(['Read', 'error', 'out b']);
    // The prompt at line 5 closed the turn: the call of line 4 has no result, the result of line 6 none.
    expect([c?.status, c?.result]).toEqual(['missing', undefined]);
    expect([orphan?.status, orphan?.location.line]).toEqual(['orphan_result', 6]);
    expect(s.toolCalls).toHaveLength(4);
    expect(s.title).toBe('look');
  });

  it('lets a result take the open call of the same id first', async () => {
    const s = await build([
      assistant(use('Shell', { command: 'a' }, 'x1'), use('Shell', { command: 'b' }, 'x2')),
      user(result('for b', { tool_use_id: 'x2' }), result('for a')),
    ]);
    expect(s.toolCalls.map((c) => [c.id, c.result?.text])).toEqual([
      ['x1', 'for a'],
      ['x2', 'for b'],
    ]);
  });

  it('records no usage, model or time but the file mtime, and the stem as id', async () => {
    const s = await build([user(text('hi')), assistant(text('hello'))]);
    expect(s.id).toBe('s1');
    expect(s.usageEntries).toEqual([]);
    expect(s.usageByModel).toEqual({});
    expect(s.models).toEqual([]);
    expect(s.meta.usageRecorded).toBe(false);
    expect(s.startTime).toBe(statSync(s.files[0] as string).mtime.toISOString());
    expect(s.project).toBe('p');
    expect(s.messages.map((m) => [m.role, m.kind])).toEqual([
      ['user', 'prompt'],
      ['assistant', 'response'],
    ]);
  });

  it('keeps unknown blocks as other parts and a roleless record out of the messages', async () => {
    const s = await build([
      assistant(text('a'), { type: 'custom_block', text: 'x' }),
      { type: 'turn_ended', status: 'success' },
    ]);
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]?.parts[1]).toMatchObject({ type: 'other', blockType: 'custom_block' });
    expect(s.counts.unknownRecordTypes).toEqual({ turn_ended: 1 });
  });

  it('makes a transcript in subagents/ a subagent of the nested parent named like its folder', async () => {
    await build([user(text('parent'))], 'p/agent-transcripts/par/par.jsonl');
    const child = await build([user(text('child'))], 'p/agent-transcripts/par/subagents/kid.jsonl');
    expect([child.isSubagent, child.parentSessionId, child.agentId]).toEqual([true, 'par', 'kid']);
    // Flat layout with two transcripts beside subagents/: the parent is not known.
    await build([user(text('one'))], 'q/agent-transcripts/one.jsonl');
    await build([user(text('two'))], 'q/agent-transcripts/two.jsonl');
    const lost = await build([user(text('c'))], 'q/agent-transcripts/subagents/c.jsonl');
    expect([lost.isSubagent, lost.parentSessionId]).toEqual([true, undefined]);
  });
});

describe('buildCursorSession, delegating calls', () => {
  it('takes a null tool_use id as no id (agentsview: Subagent calls carry id null)', async () => {
    const s = await build([assistant({ type: 'tool_use', id: null, name: 'Subagent', input: {} })]);
    expect(s.toolCalls[0]?.id).toBe('s1:1:0');
    expect([s.toolCalls[0]?.kind, s.toolCalls[0]?.status]).toEqual(['builtin', 'missing']);
  });
});

describe('buildCursorSession, subagent links', () => {
  it('lists the children of a nested parent and links its lone subagent call to its lone child', async () => {
    await build([user(text('c'))], 'r/agent-transcripts/pp/subagents/kid.jsonl');
    const parent = await build(
      [user(text('go')), assistant(use('Subagent', {}))],
      'r/agent-transcripts/pp/pp.jsonl',
    );
    expect(parent.meta.subagentTranscripts).toEqual(['kid']);
    expect(parent.toolCalls[0]?.subagentId).toBe('kid');
    expect(parent.isSubagent).toBe(false);
  });
});
