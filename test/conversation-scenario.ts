// The random Claude Code main sessions of test/index-append-conversation-fuzz.test.ts: a seeded generator of
// session files (as lines) and of the places where refreshes cut them while they are written.
import { assistant, SID, type Step, usage, user } from './append-scenario.js';

export const features = [
  'later-results',
  'unanswered',
  'interrupt',
  'split',
  'continuation',
  'duplicate-result',
  'reused-call-id',
  'reused-open-call-id',
  'orphan-result',
  'fan-out',
  'rewind',
  'response-rewind',
  'deep-rewind',
  'late-parent',
  'exact-copy',
  'reused-uuid',
  'reused-uuid-prompt',
  'no-uuid',
  'no-uuid-prompt',
  'compaction',
  'old-compaction',
  'system',
  'summary',
  'titles',
  'metadata',
  'hook-block',
  'attachments',
  'progress',
  'models',
  'api-error',
  'meta-prompt',
  'aggregates',
  'entrypoint',
  'task-calls',
] as const;
export type Feature = (typeof features)[number];

/**
 * Features that make the append differ from a fresh build on the current code (see the header): a new call
 * reusing the id of a call still open from an earlier turn (its status: interrupted in a build, missing after
 * the append), an `entrypoint` change, several children of one record (fan-out), a rewind far back. Turn one on
 * with AGENTLOG_CONV_FUZZ_FEATURES to work on it.
 */
export const offByDefault: readonly Feature[] = [
  'fan-out',
  'deep-rewind',
  'entrypoint',
  'reused-open-call-id',
];

export function enabledFeatures(spec: string | undefined): Set<Feature> {
  const on = new Set<Feature>(features.filter((f) => !offByDefault.includes(f)));
  for (const item of (spec ?? '').split(',').map((s) => s.trim())) {
    if (item === '') continue;
    if (item === 'all') for (const f of features) on.add(f);
    else if (item.startsWith('-')) on.delete(item.slice(1) as Feature);
    else on.add(item as Feature);
  }
  return on;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Json = Record<string, unknown>;

/** Where a refresh happens: after `line` whole lines and `offset` characters of the next one. */
export interface Cut {
  line: number;
  offset: number;
}

/** A session file as lines, and the places where refreshes happen while it is written. */
export interface Scenario {
  lines: string[];
  cuts: Cut[];
}

const models = [
  'claude-opus-4-5-20251101',
  'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5-20251001',
  'claude-opus-4-6',
  'claude-sonnet-5-20260115',
];

/** A random main conversation of 10 to 60 records and where it is cut, from `seed`. */
export function scenario(seed: number, on: ReadonlySet<Feature> = enabledFeatures(undefined)): Scenario {
  const r = rng(seed * 7919 + 17);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const chance = (feature: Feature, p: number) => on.has(feature) && r() < p;
  // How often each feature comes, per seed: some scenarios are full of one thing.
  const mixer = rng(seed * 31 + 5);
  const mix = new Map(features.map((f) => [f, [0.3, 1, 1, 3][Math.floor(mixer() * 4)] as number]));
  const weight = (feature: Feature, base: number) =>
    on.has(feature) ? base * (mix.get(feature) as number) : 0;
  const target = 10 + Math.floor(r() * 51);
  const lines: string[] = [];
  let clock = Date.parse('2026-03-01T09:00:00.000Z');
  const now = () => {
    clock += 1000 + Math.floor(r() * 4000);
    return new Date(clock).toISOString();
  };
  let counter = 0;
  const fresh = (prefix: string) => `${prefix}-${seed}-${counter++}`;

  /** Where the last prompt is in `chain`. */
  let lastPrompt = 0;
  /** Chain records written, with their uuid. */
  const chain: { uuid: string; type: string; prompt: boolean }[] = [];
  let last: string | null = null;
  /** Calls by id: whether a result came, and the record that made them. */
  /** Calls by id: waiting for their result, answered, or left without one for good; the record that made them. */
  const calls = new Map<string, { state: 'open' | 'answered' | 'left'; record: string }>();
  const messages: { id: string; req: string; model: string; input: number; output: number }[] = [];
  /** Records named as a parent before they are written, and the parent they will name. */
  const lateParents: { uuid: string; parent: string | null }[] = [];
  let cwd = '/home/me/app';
  let version = '2.1.30';
  let branch = 'main';
  // Since 2.1 Claude Code writes the entry point on every record.
  let entrypoint = on.has('entrypoint') && r() < 0.7 ? 'cli' : undefined;

  /** Sets the shared fields of a made record (time, working folder...) and applies a patch (undefined deletes). */
  const finish = (line: string, patch: Json = {}): string => {
    const value = JSON.parse(line) as Json;
    value.timestamp = now();
    if ('cwd' in value)
      Object.assign(value, { cwd, version, gitBranch: branch }, entrypoint ? { entrypoint } : {});
    for (const [key, v] of Object.entries(patch))
      if (v === undefined) delete value[key];
      else value[key] = v;
    return JSON.stringify(value);
  };
  const write = (
    line: string,
    record?: { uuid: string; type: string; prompt?: boolean; moves?: boolean },
  ) => {
    lines.push(line);
    if (record) {
      chain.push({ uuid: record.uuid, type: record.type, prompt: record.prompt === true });
      if (record.moves !== false) last = record.uuid;
    }
  };
  /** A chain record of another type than user/assistant, made from a user record's shared fields. */
  const chainRecord = (uuid: string, parent: string | null, fields: Json): string =>
    finish(user(uuid, parent, ''), { message: undefined, ...fields });

  const prompt = (text?: string, parent = last, uuid = fresh('u')) => {
    const t =
      text ?? pick(['Fix the failing test', 'What does this do?', 'Go on', 'Run the build', 'Thanks']);
    const content = r() < 0.5 ? t : [{ type: 'text', text: t }];
    const onChain = parent === last;
    write(finish(user(uuid, parent, content)), { uuid, type: 'user', prompt: true });
    // (The last prompt: what an append reads a session from. Rewinds go back to it or after it.)
    if (!t.startsWith('[Request interrupted') && onChain) lastPrompt = chain.length - 1;
  };

  const toolUse = (id: string) => {
    const tool = pick(['Bash', 'Bash', 'Read', 'Edit', 'Grep', 'mcp__github__get_issue', 'Frobnicate']);
    const name = on.has('task-calls') && r() < 0.08 ? 'Task' : tool;
    const input =
      name === 'Task'
        ? { description: 'look', prompt: `Look at part ${id}`, subagent_type: 'Explore' }
        : name === 'Bash'
          ? { command: pick(['ls', 'npm test', 'git status']) }
          : { file_path: '/home/me/app/src/a.ts' };
    return { type: 'tool_use', id, name, input };
  };

  /** One record of an API message (a new one, or a later record of `msg`). */
  const responseRecord = (msg: (typeof messages)[number], content: unknown[], uuid = fresh('a')) => {
    if (r() < 0.6) msg.output += 1 + Math.floor(r() * 20);
    write(
      finish(
        assistant(uuid, last, msg.id, msg.req, content, usage(msg.input, msg.output), undefined, msg.model),
      ),
      {
        uuid,
        type: 'assistant',
      },
    );
    return uuid;
  };

  const response = () => {
    const model = on.has('models') ? pick(models) : (models[0] as string);
    const msg = { id: fresh('msg'), req: fresh('req'), model, input: 10 + Math.floor(r() * 1000), output: 1 };
    messages.push(msg);
    const records = chance('split', 0.5) ? 2 + Math.floor(r() * 3) : 1;
    for (let k = 0; k < records; k++) {
      const kind = r();
      const content: unknown[] = [];
      if (kind < 0.15 && k < records - 1)
        content.push({ type: 'thinking', thinking: 'hmm', signature: 'sig' });
      else if (kind < 0.55)
        content.push({ type: 'text', text: pick(['Done.', 'Let me look.', 'Two files.']) });
      else {
        const parallel = r() < 0.2 ? 2 : 1;
        for (let p = 0; p < parallel; p++) content.push(toolUse(fresh('toolu')));
      }
      const uuid = responseRecord(msg, content);
      for (const block of content)
        if ((block as Json).type === 'tool_use')
          calls.set((block as Json).id as string, { state: 'open', record: uuid });
    }
  };

  const resultBlock = (id: string) => {
    const form = r();
    const isError = r() < 0.2;
    const text = isError ? pick(['Exit code 1\nfailed', 'Error: no such file', 'denied']) : 'ok\n3 files';
    return {
      type: 'tool_result',
      tool_use_id: id,
      content: form < 0.5 ? text : [{ type: 'text', text }],
      ...(form < 0.8 ? { is_error: isError } : {}),
    };
  };
  const results = (ids: string[], parent = last) => {
    const uuid = fresh('r');
    const extra =
      r() < 0.6
        ? { toolUseResult: r() < 0.7 ? { stdout: 'ok', stderr: '', interrupted: false } : 'Error: x' }
        : {};
    write(finish(user(uuid, parent, ids.map(resultBlock), undefined, extra)), { uuid, type: 'user' });
    for (const id of ids) {
      const call = calls.get(id);
      if (call) call.state = 'answered';
    }
  };
  const open = () => [...calls].filter(([, c]) => c.state === 'open').map(([id]) => id);
  const answered = () => [...calls].filter(([, c]) => c.state === 'answered').map(([id]) => id);

  const answer = () => {
    const ids = open();
    if (ids.length === 0) return response();
    // The latest open call, or (results one or several prompts later) an earlier one.
    const id = on.has('later-results') && r() < 0.4 ? pick(ids) : (ids[ids.length - 1] as string);
    const both = ids.length > 1 && r() < 0.2 ? ids.filter((x) => x !== id).slice(-1) : [];
    const fan = chance('fan-out', 0.3);
    results([id, ...both], fan ? (calls.get(id)?.record ?? last) : last);
  };

  const interrupt = () => {
    const ids = open();
    if (ids.length > 0 && r() < 0.6) {
      const id = ids[ids.length - 1] as string;
      const uuid = fresh('r');
      const block = {
        type: 'tool_result',
        tool_use_id: id,
        content: "The user doesn't want to proceed with this tool use. The tool use was rejected.",
        is_error: true,
      };
      write(finish(user(uuid, last, [block], undefined, { toolUseResult: 'User rejected tool use' })), {
        uuid,
        type: 'user',
      });
      (calls.get(id) as { state: string }).state = 'answered';
    } else for (const id of open()) (calls.get(id) as { state: string }).state = 'left';
    prompt(pick(['[Request interrupted by user for tool use]', '[Request interrupted by user]']));
  };

  const actions: [weight: () => number, act: () => void][] = [
    [() => 3, () => prompt()],
    [() => 5, response],
    [() => (open().length > 0 ? 7 : 0), answer],
    [() => weight('interrupt', 0.6), interrupt],
    [
      () => weight('unanswered', 0.4),
      () => {
        // A call no result will ever come for: it is simply forgotten.
        const ids = open();
        const id = ids[ids.length - 1];
        const call = id === undefined ? undefined : calls.get(id);
        if (call) call.state = 'left';
        prompt();
      },
    ],
    [
      () => (messages.length > 0 ? weight('continuation', 0.8) : 0),
      () => {
        // More records of an earlier API message, after other records (its usage repeated or grown).
        const msg = pick(messages.slice(-4));
        const content = r() < 0.5 ? [{ type: 'text', text: 'More.' }] : [toolUse(fresh('toolu'))];
        const uuid = responseRecord(msg, content);
        for (const block of content)
          if (block.type === 'tool_use')
            calls.set((block as Json).id as string, { state: 'open', record: uuid });
      },
    ],
    [() => (answered().length > 0 ? weight('duplicate-result', 0.5) : 0), () => results([pick(answered())])],
    [
      () =>
        calls.size === 0
          ? 0
          : on.has('reused-open-call-id') && [...calls.values()].some((c) => c.state === 'left')
            ? weight('reused-call-id', 1.5)
            : weight('reused-call-id', 0.5),
      () => {
        // A new response whose call has the id of an earlier one (answered, or still without a result).
        const left = [...calls].filter(([, c]) => c.state === 'left').map(([id]) => id);
        const ids = !on.has('reused-open-call-id')
          ? answered()
          : left.length > 0 && r() < 0.5
            ? left
            : [...calls.keys()];
        if (ids.length === 0) return response();
        const id = pick(ids);
        const msg = { id: fresh('msg'), req: fresh('req'), model: models[0] as string, input: 50, output: 3 };
        messages.push(msg);
        responseRecord(msg, [toolUse(id)]);
      },
    ],
    [() => weight('orphan-result', 0.3), () => results([fresh('toolu_orphan')])],
    [
      () => (chain.length > 2 ? weight('rewind', 0.6) : 0),
      () => {
        // Back to an earlier record: a new prompt (or response) forks the chain there; at the last prompt or
        // after it, or (deep-rewind) anywhere in the last records.
        const since = on.has('deep-rewind') && r() < 0.5 ? -12 : lastPrompt;
        const to = pick(chain.slice(since).filter((c) => c.type === 'user' || c.type === 'assistant'));
        if (!to) return;
        last = to.uuid;
        if (on.has('response-rewind') && r() < 0.3) response();
        else prompt(pick(['Try another way', 'Instead, show me']));
      },
    ],
    [
      () => weight('late-parent', 0.3),
      () => {
        // A record whose parent is written only a few records later.
        const parent = fresh('late');
        lateParents.push({ uuid: parent, parent: last });
        prompt('Continue from there', parent);
      },
    ],
    [
      () => (lateParents.length > 0 ? 2 : 0),
      () => {
        const { uuid, parent } = lateParents.shift() as { uuid: string; parent: string | null };
        const line = finish(user(uuid, parent, 'the parent, late'));
        write(line, { uuid, type: 'user', prompt: true, moves: r() < 0.5 });
      },
    ],
    [
      () => (lines.length > 0 ? weight('exact-copy', 0.5) : 0),
      () => {
        // A record written again as it was (resume, fork): same uuid, type, time, message.
        lines.push(pick(lines.slice(-15)));
      },
    ],
    [
      () => (chain.length > 0 ? weight('reused-uuid', 0.3) : 0),
      () => {
        // A different record with the uuid of an earlier one.
        const uuid = pick(chain).uuid;
        if (on.has('reused-uuid-prompt') && r() < 0.5)
          write(finish(user(uuid, last, 'same uuid, other text')), {
            uuid,
            type: 'user',
            moves: on.has('deep-rewind') && r() < 0.5,
          });
        else {
          const msg = {
            id: fresh('msg'),
            req: fresh('req'),
            model: models[0] as string,
            input: 7,
            output: 7,
          };
          messages.push(msg);
          write(
            finish(assistant(uuid, last, msg.id, msg.req, [{ type: 'text', text: 'again' }], usage(7, 7))),
            // (A record under it names the first one with its uuid: a deep rewind.)
            { uuid, type: 'assistant', moves: on.has('deep-rewind') && r() < 0.5 },
          );
        }
      },
    ],
    [
      () => weight('no-uuid', 0.3),
      () => {
        // A chain record without a uuid: nothing can name it as a parent.
        if (on.has('no-uuid-prompt') && r() < 0.5)
          lines.push(finish(user('x', last, 'no uuid here'), { uuid: undefined }));
        else {
          const msg = {
            id: fresh('msg'),
            req: fresh('req'),
            model: models[0] as string,
            input: 5,
            output: 5,
          };
          messages.push(msg);
          lines.push(
            finish(assistant('x', last, msg.id, msg.req, [{ type: 'text', text: 'no uuid' }], usage(5, 5)), {
              uuid: undefined,
            }),
          );
        }
      },
    ],
    [
      () => (last !== null ? weight('compaction', 0.3) : 0),
      () => {
        const boundary = fresh('c');
        write(
          chainRecord(boundary, null, {
            type: 'system',
            subtype: 'compact_boundary',
            content: 'Conversation compacted',
            logicalParentUuid: last,
            compactMetadata: { trigger: 'auto', preTokens: 120000 },
            level: 'info',
          }),
          { uuid: boundary, type: 'system' },
        );
        const uuid = fresh('s');
        write(
          finish(user(uuid, boundary, 'This session is being continued from a previous conversation.'), {
            isCompactSummary: true,
            isVisibleInTranscriptOnly: true,
          }),
          { uuid, type: 'user' },
        );
      },
    ],
    [
      () => weight('old-compaction', 0.15),
      () => {
        // Before 2.0: the summary starts a new chain, without a boundary record.
        const uuid = fresh('s');
        write(
          finish(user(uuid, null, 'This session is being continued from a previous conversation.'), {
            isCompactSummary: true,
          }),
          { uuid, type: 'user' },
        );
      },
    ],
    [
      () => weight('system', 0.6),
      () => {
        const uuid = fresh('y');
        const subtype = pick([
          'turn_duration',
          'api_error',
          'stop_hook_summary',
          'local_command',
          'informational',
        ]);
        const fields: Json = { type: 'system', subtype, level: 'info', isMeta: false };
        if (subtype === 'local_command') fields.content = '<local-command-stdout>ok</local-command-stdout>';
        else if (subtype === 'informational') fields.content = 'Something to know';
        else if (subtype === 'turn_duration') fields.durationMs = 1234;
        else if (subtype === 'api_error')
          Object.assign(fields, { error: { message: 'overloaded' }, retryAttempt: 1 });
        write(chainRecord(uuid, last, fields), { uuid, type: 'system', moves: r() < 0.6 });
      },
    ],
    [
      () => weight('summary', 0.3),
      () => {
        const leaf = chain.length > 0 && r() < 0.7 ? pick(chain).uuid : 'gone';
        lines.push(
          JSON.stringify({ type: 'summary', summary: pick(['Fixing tests', 'A build', '']), leafUuid: leaf }),
        );
      },
    ],
    [
      () => weight('titles', 0.3),
      () => {
        if (r() < 0.6)
          lines.push(
            JSON.stringify({
              type: 'custom-title',
              customTitle: pick(['My title', 'Other', '']),
              sessionId: SID,
            }),
          );
        else
          lines.push(
            JSON.stringify({ type: 'ai-title', aiTitle: pick(['AI title', 'Tests']), sessionId: SID }),
          );
      },
    ],
    [
      () => weight('metadata', 0.6),
      () => {
        const kind = pick(['file-history-snapshot', 'queue-operation', 'last-prompt', 'permission-mode']);
        const value: Json =
          kind === 'file-history-snapshot'
            ? {
                type: kind,
                messageId: last,
                snapshot: { messageId: last, trackedFileBackups: {}, timestamp: now() },
                isSnapshotUpdate: r() < 0.5,
              }
            : kind === 'queue-operation'
              ? {
                  type: kind,
                  operation: pick(['enqueue', 'dequeue']),
                  content: 'go on',
                  sessionId: SID,
                  timestamp: now(),
                }
              : kind === 'last-prompt'
                ? { type: kind, sessionId: SID, lastPrompt: 'Go on', leafUuid: last }
                : { type: kind, permissionMode: 'bypassPermissions', sessionId: SID };
        lines.push(JSON.stringify(value));
      },
    ],
    [
      () => (calls.size > 0 ? weight('hook-block', 0.5) : 0),
      () => {
        // A PreToolUse hook blocked a call: before its result, or (written late) after it.
        const ids = open();
        const id = ids.length > 0 && r() < 0.7 ? (ids[ids.length - 1] as string) : pick([...calls.keys()]);
        const uuid = fresh('h');
        write(
          chainRecord(uuid, last, {
            type: 'attachment',
            attachment: {
              type: 'hook_blocking_error',
              hookName: 'PreToolUse:Bash',
              toolUseID: id,
              hookEvent: 'PreToolUse',
              blockingError: { blockingError: 'Blocked by policy', command: 'check.sh' },
            },
          }),
          { uuid, type: 'attachment', moves: r() < 0.7 },
        );
      },
    ],
    [
      () => weight('attachments', 0.4),
      () => {
        const uuid = fresh('t');
        const id = calls.size > 0 ? pick([...calls.keys()]) : 'toolu_none';
        const attachment = pick([
          {
            type: 'hook_success',
            hookName: 'PostToolUse:Bash',
            toolUseID: id,
            hookEvent: 'PostToolUse',
            content: '',
          },
          { type: 'todo_reminder', content: [], itemCount: 0 },
          { type: 'hook_non_blocking_error', hookName: 'Stop', toolUseID: id, stderr: 'warn' },
        ]);
        write(chainRecord(uuid, last, { type: 'attachment', attachment }), {
          uuid,
          type: 'attachment',
          moves: r() < 0.6,
        });
      },
    ],
    [
      () => (calls.size > 0 ? weight('progress', 0.4) : 0),
      () => {
        const uuid = fresh('p');
        const id = pick([...calls.keys()]);
        const data =
          r() < 0.5
            ? {
                type: 'hook_progress',
                hookEvent: 'PostToolUse',
                hookName: 'PostToolUse:Bash',
                command: 'fmt.sh',
              }
            : {
                type: 'bash_progress',
                output: 'line',
                fullOutput: 'line',
                elapsedTimeSeconds: 2,
                totalLines: 1,
              };
        write(
          chainRecord(uuid, last, {
            type: 'progress',
            data,
            toolUseID: `bash-progress-${uuid}`,
            parentToolUseID: id,
          }),
          {
            uuid,
            type: 'progress',
            moves: r() < 0.5,
          },
        );
      },
    ],
    [
      () => weight('api-error', 0.3),
      () => {
        const uuid = fresh('e');
        const zero = { ...usage(0, 0), service_tier: null } as unknown as ReturnType<typeof usage>;
        write(
          finish(
            assistant(
              uuid,
              last,
              fresh('5d2c9a1e'),
              'none',
              [{ type: 'text', text: 'API Error: 529 Overloaded' }],
              zero,
              undefined,
              '<synthetic>',
            ),
            { requestId: undefined, isApiErrorMessage: true },
          ),
          { uuid, type: 'assistant' },
        );
      },
    ],
    [
      () => weight('meta-prompt', 0.4),
      () => {
        const uuid = fresh('m');
        const [content, extra] = pick<[string, Json]>([
          ['<command-name>/clear</command-name>\n<command-message>clear</command-message>', {}],
          ['<local-command-stdout>ok</local-command-stdout>', {}],
          [
            'Caveat: the messages below were generated by the user while running local commands.',
            { isMeta: true },
          ],
          ['<system-reminder>Remember the plan.</system-reminder>', {}],
        ]);
        write(finish(user(uuid, last, content, undefined, extra)), { uuid, type: 'user', prompt: true });
        // (A slash command is a prompt.)
        if (content.startsWith('<command-name>')) lastPrompt = chain.length - 1;
      },
    ],
    [
      () => weight('aggregates', 0.15),
      () => {
        cwd = pick(['/home/me/app', '/home/me/app/sub', '/tmp/other']);
        version = pick(['2.1.30', '2.1.31', '2.0.76']);
        branch = pick(['main', 'feature', '']);
        if (entrypoint !== undefined) entrypoint = pick(['cli', 'sdk-ts']);
        prompt('Switch folders');
      },
    ],
  ];

  prompt('Start here');
  while (lines.length < target) {
    const weights = actions.map(([w]) => w());
    let x = r() * weights.reduce((a, b) => a + b, 0);
    let chosen = 0;
    while (chosen < weights.length - 1 && x >= (weights[chosen] as number)) x -= weights[chosen++] as number;
    (actions[chosen] as (typeof actions)[number])[1]();
  }
  for (const { uuid, parent } of lateParents)
    write(finish(user(uuid, parent, 'the parent, late')), { uuid, type: 'user', moves: false });

  // Refreshes: after the first few lines, then every 1 to 5 lines, some in the middle of a line (or just
  // before its newline).
  const cuts: Cut[] = [];
  let at = 1 + Math.floor(r() * 6);
  while (at < lines.length) {
    const mid = r();
    if (mid < 0.25) {
      const length = (lines[at] as string).length;
      cuts.push({ line: at, offset: mid < 0.07 ? length : 1 + Math.floor(r() * (length - 1)) });
    } else cuts.push({ line: at, offset: 0 });
    at += 1 + Math.floor(r() * 5);
  }
  return { lines, cuts };
}

/** The steps that write `lines`, refreshing at each cut. */
export function stepsOf({ lines, cuts }: Scenario, file = `${SID}.jsonl`): Step[] {
  const text = lines.map((l) => `${l}\n`).join('');
  const starts: number[] = [];
  let position = 0;
  for (const line of lines) {
    starts.push(position);
    position += line.length + 1;
  }
  const ends = [
    ...new Set(
      cuts
        .map(({ line, offset }) =>
          line >= lines.length
            ? text.length
            : (starts[line] as number) + Math.min(offset, (lines[line] as string).length),
        )
        .filter((end) => end > 0 && end < text.length),
    ),
  ].sort((a, b) => a - b);
  const steps: Step[] = [];
  let from = 0;
  for (const end of [...ends, text.length]) {
    const chunk = text.slice(from, end);
    from = end;
    const pieces = chunk.endsWith('\n') ? chunk.slice(0, -1).split('\n') : chunk.split('\n');
    if (!chunk.endsWith('\n')) pieces[pieces.length - 1] = `${pieces[pieces.length - 1]}\u0000`;
    steps.push({ [file]: pieces });
  }
  return steps;
}
