// Task/Agent calls: subagent conversations in the file layout of the session's version.

import { atLeast, clean, tokensOf } from '../support.mjs';
import { ToolCalls } from './tool-calls.mjs';

/** A conversation that can start subagents (Task/Agent calls). */
export class ClaudeConversation extends ToolCalls {
  /**
   * Task/Agent: runs `script(child)` as a subagent conversation written in the layout of the session's
   * version: sidechain records in the main file, `agent-<id>.jsonl` beside it, or
   * `<session>/subagents/agent-<id>.jsonl` (with a `.meta.json` naming the call when `meta` is set).
   * `script` returns the subagent's final report.
   */
  task({ tool = 'Task', description, prompt, subagentType, layout, meta = false, model, script }) {
    const s = this.s;
    const v = this.v;
    const input = clean({ description, prompt, subagent_type: subagentType });
    const call = this.call(tool, input, (conv) => {
      const r = s.random;
      const agentId =
        layout === 'sidechain'
          ? undefined
          : atLeast(v, '2.1.100')
            ? `a${r.hex(16)}`
            : atLeast(v, '2.1.0')
              ? `a${r.hex(6)}`
              : r.hex(8);
      let records = s.records;
      if (layout === 'flat') {
        records = [];
        s.files.push({ rel: `agent-${agentId}.jsonl`, records });
      } else if (layout === 'subagents') {
        records = [];
        s.files.push({ rel: `${s.id}/subagents/agent-${agentId}.jsonl`, records });
        if (meta) {
          s.files.push({
            rel: `${s.id}/subagents/agent-${agentId}.meta.json`,
            text: JSON.stringify({ agentType: subagentType, toolUseId: call.id }),
          });
        }
      }
      const child = new ClaudeConversation(s, {
        records,
        agentId,
        sidechain: true,
        model: model ?? conv.model,
        base: r.int(3800, 9500),
      });
      const started = s.clock.ms;
      s.clock.tick(150, 600);
      child.pending += tokensOf(prompt);
      child.user({ role: 'user', content: prompt }, { parentUuid: null });
      const report = script(child);
      const totalDurationMs = s.clock.ms - started + r.int(100, 400);
      const u = child.lastUsage;
      const totalTokens =
        u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens + u.output_tokens;
      const usage = atLeast(v, '2.0.30')
        ? {
            input_tokens: u.input_tokens,
            cache_creation_input_tokens: u.cache_creation_input_tokens,
            cache_read_input_tokens: u.cache_read_input_tokens,
            output_tokens: u.output_tokens,
            server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
            service_tier: 'standard',
            cache_creation: {
              ephemeral_1h_input_tokens: u.cache_creation.ephemeral_1h_input_tokens,
              ephemeral_5m_input_tokens: u.cache_creation.ephemeral_5m_input_tokens,
            },
          }
        : {
            input_tokens: u.input_tokens,
            cache_creation_input_tokens: u.cache_creation_input_tokens,
            cache_read_input_tokens: u.cache_read_input_tokens,
            output_tokens: u.output_tokens,
            service_tier: 'standard',
          };
      const reportBlocks = [{ type: 'text', text: report }];
      const content = [...reportBlocks];
      if (atLeast(v, '2.1.0')) {
        const resume = atLeast(v, '2.1.77')
          ? `agentId: ${agentId} (use SendMessage with to: '${agentId}' to continue this agent)`
          : `agentId: ${agentId} (for resuming to continue this agent's work if needed)`;
        const metrics = atLeast(v, '2.1.30')
          ? `\n<usage>total_tokens: ${totalTokens}\ntool_uses: ${child.toolUses}\nduration_ms: ${totalDurationMs}</usage>`
          : '';
        content.push({ type: 'text', text: resume + metrics });
      }
      const common = {
        content: reportBlocks,
        totalDurationMs,
        totalTokens,
        totalToolUseCount: child.toolUses,
        usage,
      };
      let toolUseResult = common;
      if (atLeast(v, '2.1.100')) {
        toolUseResult = {
          status: 'completed',
          prompt,
          agentId,
          agentType: subagentType,
          ...common,
          toolStats: child.toolStats(),
        };
      } else if (atLeast(v, '2.0.30')) {
        toolUseResult = { status: 'completed', prompt, agentId, ...common };
      }
      return { content, toolUseResult, ms: [80, 300] };
    });
    return call;
  }

  toolStats() {
    const count = (names) =>
      this.records.filter(
        (rec) => rec.type === 'assistant' && names.includes(rec.message.content[0]?.name ?? ''),
      ).length;
    const stats = {
      readCount: count(['Read']),
      searchCount: count(['Grep', 'Glob']),
      bashCount: count(['Bash']),
    };
    const edits = this.records.filter(
      (rec) => rec.type === 'assistant' && ['Edit', 'Write'].includes(rec.message.content[0]?.name ?? ''),
    );
    let added = 0;
    let removed = 0;
    for (const rec of edits) {
      const input = rec.message.content[0].input;
      const before = (input.old_string ?? '').split('\n').length;
      const after = (input.new_string ?? input.content ?? '').split('\n').length;
      added += input.content !== undefined ? after : Math.max(0, after - before);
      removed += input.content !== undefined ? 0 : Math.max(0, before - after);
    }
    return {
      ...stats,
      editFileCount: edits.length,
      linesAdded: added,
      linesRemoved: removed,
      otherToolCount: this.toolUses - stats.readCount - stats.searchCount - stats.bashCount - edits.length,
    };
  }
}
