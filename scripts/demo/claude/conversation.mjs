// One Claude Code conversation (the main one or a subagent's): records in the envelope of its version,
// API responses split per content block, tool results, usage.

import { createRandom } from '../random.mjs';
import { atLeast, clean, tokensOf } from '../support.mjs';
import { INTERRUPTED } from './texts.mjs';

/** The record writer of one conversation; tool calls and subagents are added by subclasses. */
export class Conversation {
  constructor(session, { records, agentId, sidechain = false, model, base }) {
    this.s = session;
    this.records = records;
    this.agentId = agentId;
    this.sidechain = sidechain;
    this.model = model ?? session.model;
    this.tip = null;
    this.context = 0;
    this.pending = base;
    this.todos = [];
    this.toolUses = 0;
    this.lastUsage = undefined;
    this.promptId = undefined;
    this.touchedThisTurn = new Set();
  }

  get v() {
    return this.s.version;
  }

  envelopeHead() {
    const s = this.s;
    return clean({
      isSidechain: this.sidechain,
      userType: 'external',
      cwd: s.project.cwd,
      sessionId: s.id,
      version: s.version,
      gitBranch: s.gitBranch,
      agentId: this.agentId,
      slug: s.slug,
    });
  }

  envelopeTail() {
    const s = this.s;
    return {
      userType: 'external',
      entrypoint: 'cli',
      cwd: s.project.cwd,
      sessionId: s.id,
      version: s.version,
      gitBranch: s.gitBranch,
    };
  }

  push(record, moveTip = true) {
    this.records.push(record);
    if (moveTip) this.tip = record.uuid;
    return record.uuid;
  }

  /** A `user` record. `flags` go between `message` and `uuid`, `after` after `timestamp`. */
  user(message, { parentUuid = this.tip, flags = {}, after = {}, uuid, timestamp } = {}) {
    const id = uuid ?? this.s.random.uuid();
    const ts = timestamp ?? this.s.clock.now();
    const record = this.s.late
      ? clean({
          parentUuid,
          isSidechain: this.sidechain,
          promptId: this.sidechain ? undefined : this.promptId,
          agentId: this.agentId,
          type: 'user',
          message,
          ...flags,
          uuid: id,
          timestamp: ts,
          ...after,
          ...this.envelopeTail(),
        })
      : clean({
          parentUuid,
          ...this.envelopeHead(),
          type: 'user',
          message,
          ...flags,
          uuid: id,
          timestamp: ts,
          ...after,
        });
    return this.push(record);
  }

  assistant(message, requestId) {
    const uuid = this.s.random.uuid();
    const timestamp = this.s.clock.now();
    const record = this.s.late
      ? clean({
          parentUuid: this.tip,
          isSidechain: this.sidechain,
          agentId: this.agentId,
          message,
          requestId,
          type: 'assistant',
          uuid,
          timestamp,
          ...this.envelopeTail(),
        })
      : clean({
          parentUuid: this.tip,
          ...this.envelopeHead(),
          message,
          requestId,
          type: 'assistant',
          uuid,
          timestamp,
        });
    return this.push(record);
  }

  /** A typed prompt (with the `file-history-snapshot` Claude Code 2.x writes before it). */
  prompt(text, { parentUuid = this.tip, wait = [30000, 150000] } = {}) {
    const s = this.s;
    s.clock.tick(wait[0], wait[1]);
    const uuid = s.random.uuid();
    if (s.late && !this.sidechain) this.promptId = s.random.uuid();
    if (!this.sidechain && atLeast(this.v, '2.0.0')) {
      s.meta({
        type: 'file-history-snapshot',
        messageId: uuid,
        snapshot: { messageId: uuid, trackedFileBackups: this.backups(), timestamp: s.clock.now() },
        isSnapshotUpdate: false,
      });
    }
    this.touchedThisTurn.clear();
    this.lastPromptUuid = uuid;
    this.pending += tokensOf(text);
    return this.user(
      { role: 'user', content: text },
      { parentUuid, uuid, after: clean({ permissionMode: this.sidechain ? undefined : s.permissionMode }) },
    );
  }

  backups() {
    const out = {};
    for (const [rel, version] of this.s.tracked) {
      out[rel] = {
        backupFileName: `${createRandom(rel).hex(16)}@v${version}`,
        version,
        backupTime: this.s.clock.now(),
      };
    }
    return out;
  }

  /** Records a file edit for checkpoints (2.x main conversations). */
  touch(rel, ownerUuid) {
    const s = this.s;
    if (this.sidechain || !atLeast(this.v, '2.0.0') || this.touchedThisTurn.has(rel)) return;
    this.touchedThisTurn.add(rel);
    s.tracked.set(rel, (s.tracked.get(rel) ?? 0) + 1);
    s.meta({
      type: 'file-history-snapshot',
      messageId: ownerUuid,
      snapshot: {
        messageId: this.lastPromptUuid,
        trackedFileBackups: this.backups(),
        timestamp: s.clock.now(),
      },
      isSnapshotUpdate: true,
    });
  }

  usage(outputTokens) {
    const r = this.s.random;
    const v = this.v;
    const creation = this.pending;
    const read = this.context;
    this.context += creation + outputTokens;
    this.pending = 0;
    const input = r.int(3, 12);
    const oneHour = !this.sidechain && atLeast(v, '2.1.38');
    const cacheCreation = {
      ephemeral_5m_input_tokens: oneHour ? 0 : creation,
      ephemeral_1h_input_tokens: oneHour ? creation : 0,
    };
    if (atLeast(v, '2.1.100')) {
      return {
        input_tokens: input,
        cache_creation_input_tokens: creation,
        cache_read_input_tokens: read,
        output_tokens: outputTokens,
        server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
        service_tier: 'standard',
        cache_creation: cacheCreation,
        inference_geo: '',
        iterations: [
          {
            input_tokens: input,
            output_tokens: outputTokens,
            cache_read_input_tokens: read,
            cache_creation_input_tokens: creation,
            cache_creation: cacheCreation,
            type: 'message',
          },
        ],
        speed: 'standard',
      };
    }
    return clean({
      input_tokens: input,
      cache_creation_input_tokens: creation,
      cache_read_input_tokens: read,
      cache_creation: cacheCreation,
      output_tokens: outputTokens,
      service_tier: 'standard',
      inference_geo: atLeast(v, '2.1.30') ? 'not_available' : undefined,
    });
  }

  /**
   * One API response: a record per content block (thinking, text, each tool_use) sharing `message.id`
   * and `requestId`, then one result record per call. Results hang off the issuing record
   * (`sourceToolAssistantUUID`, 2.1.x) or continue the chain (older versions).
   */
  step({ thinking, text, calls = [], model = this.model, latency = [2500, 9000] }) {
    const s = this.s;
    const r = s.random;
    const v = this.v;
    const blocks = [];
    if (thinking) blocks.push({ type: 'thinking', thinking, signature: r.signature() });
    if (text) blocks.push({ type: 'text', text });
    for (const call of calls) blocks.push(call.block);
    const usage = this.usage(tokensOf(JSON.stringify(blocks)) + r.int(10, 60));
    const messageId = r.messageId();
    const requestId = r.requestId();
    const stopReason = calls.length > 0 ? 'tool_use' : 'end_turn';
    const owner = new Map();
    s.clock.tick(latency[0], latency[1]);
    blocks.forEach((block, i) => {
      const last = i === blocks.length - 1;
      const stop = atLeast(v, '2.1.100') || (!atLeast(v, '2.0.0') && last) ? stopReason : null;
      const blockUsage = last || atLeast(v, '2.1.97') ? usage : { ...usage, output_tokens: r.int(1, 8) };
      const message = atLeast(v, '2.0.0')
        ? {
            model,
            id: messageId,
            type: 'message',
            role: 'assistant',
            content: [block],
            stop_reason: stop,
            stop_sequence: null,
            usage: blockUsage,
          }
        : {
            id: messageId,
            type: 'message',
            role: 'assistant',
            model,
            content: [block],
            stop_reason: stop,
            stop_sequence: null,
            usage: blockUsage,
          };
      const uuid = this.assistant(message, requestId);
      if (block.type === 'tool_use') owner.set(block.id, uuid);
      if (!last) s.clock.tick(120, 1100);
    });
    this.lastUsage = usage;
    this.lastText = text;
    this.toolUses += calls.length;
    const fanOut = atLeast(v, '2.1.0');
    for (const call of calls) {
      const result = call.run(this, owner.get(call.id));
      if (result.none) continue;
      s.clock.tick(...(result.ms ?? [30, 400]));
      result.before?.(owner.get(call.id));
      const isError = result.isError === true;
      const block = this.s.late
        ? clean({
            type: 'tool_result',
            tool_use_id: call.id,
            content: result.content,
            is_error: isError || undefined,
          })
        : isError
          ? { type: 'tool_result', content: result.content, is_error: true, tool_use_id: call.id }
          : clean({
              tool_use_id: call.id,
              type: 'tool_result',
              content: result.content,
              is_error: result.okFlag,
            });
      const keep = !(this.sidechain && atLeast(v, '2.1.14'));
      this.user(
        { role: 'user', content: [block] },
        {
          parentUuid: fanOut ? owner.get(call.id) : this.tip,
          after: clean({
            toolUseResult: keep ? result.toolUseResult : undefined,
            sourceToolAssistantUUID: fanOut ? owner.get(call.id) : undefined,
          }),
        },
      );
      this.pending += tokensOf(
        typeof result.content === 'string' ? result.content : JSON.stringify(result.content),
      );
      result.after?.(this);
    }
    return { messageId, owner };
  }

  /** The user's `[Request interrupted by user for tool use]` marker after a rejection or cancel. */
  interruptMarker() {
    this.s.clock.tick(5, 40);
    return this.user({ role: 'user', content: [{ type: 'text', text: INTERRUPTED }] });
  }

  /** A legacy `progress` record in the chain (persisted ≈2.1.9–2.1.84). */
  progress(data, toolUseID) {
    const s = this.s;
    const record = clean({
      parentUuid: this.tip,
      ...this.envelopeHead(),
      type: 'progress',
      data,
      toolUseID,
      parentToolUseID: toolUseID,
      uuid: s.random.uuid(),
      timestamp: s.clock.now(),
    });
    return this.push(record);
  }

  /** An `attachment` record (2.1.1xx); it is a leaf: the chain continues from the tool result. */
  attachment(attachment, parentUuid) {
    const s = this.s;
    const record = {
      parentUuid,
      isSidechain: this.sidechain,
      attachment,
      type: 'attachment',
      uuid: s.random.uuid(),
      timestamp: s.clock.now(),
      ...this.envelopeTail(),
    };
    return this.push(record, false);
  }

  /** Manual `/compact`: boundary, summary, then the command records Claude Code writes after them. */
  compact(summaryText, { preTokens }) {
    const s = this.s;
    const typedAt = s.clock.tick(30000, 60000);
    s.clock.tick(12000, 25000);
    const boundary = clean({
      parentUuid: null,
      logicalParentUuid: this.tip,
      ...this.envelopeHead(),
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      isMeta: false,
      timestamp: s.clock.now(),
      uuid: s.random.uuid(),
      level: 'info',
      compactMetadata: { trigger: 'manual', preTokens },
    });
    this.push(boundary);
    this.user(
      { role: 'user', content: summaryText },
      { flags: { isVisibleInTranscriptOnly: true, isCompactSummary: true } },
    );
    this.user(
      {
        role: 'user',
        content:
          '<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks you to.</local-command-caveat>',
      },
      { flags: { isMeta: true }, timestamp: typedAt },
    );
    this.user(
      {
        role: 'user',
        content:
          '<command-name>/compact</command-name>\n            <command-message>compact</command-message>\n            <command-args></command-args>',
      },
      { timestamp: typedAt },
    );
    s.clock.tick(60, 200);
    this.user({ role: 'user', content: '<local-command-stdout>Compacted </local-command-stdout>' });
    this.context = 0;
    this.pending = 9800 + tokensOf(summaryText);
  }
}
