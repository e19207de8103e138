// A Codex rollout of either file era: bare items (2025) or `{timestamp, type, payload}` envelopes.

import { createClock } from '../clock.mjs';
import { createRandom } from '../random.mjs';
import { clean, tokensOf } from '../support.mjs';
import { hunkOf } from '../text.mjs';

/** An apply_patch body that updates `rel` by replacing each `[old, new]` in turn (and applies it). */
export function patchUpdate(project, rel, replacements) {
  const body = [];
  for (const [oldText, newText] of replacements) {
    const before = project.read(rel);
    if (!before.includes(oldText)) throw new Error(`Demo script bug: patch text not found in "${rel}"`);
    const after = before.replace(oldText, newText);
    project.write(rel, after);
    body.push('@@', ...hunkOf(before, after).lines);
  }
  return `*** Begin Patch\n*** Update File: ${rel}\n${body.join('\n')}\n*** End Patch\n`;
}

/** A Codex rollout being written: lines in the era of its build, token counts, tool calls and outputs. */
export class CodexRollout {
  constructor({ name, project, start, bare = false, cliVersion, model, sandbox, resets }) {
    this.random = createRandom(name);
    this.clock = createClock(start, this.random);
    this.project = project;
    this.bare = bare;
    this.cliVersion = cliVersion;
    this.model = model;
    this.sandbox = sandbox;
    this.resets = resets;
    this.id = bare ? this.random.uuid() : this.random.uuid7(this.clock.ms - this.random.int(40, 900));
    this.lines = [];
    this.context = 0;
    this.pending = 0;
    this.lastInput = 0;
    this.total = {
      input_tokens: 0,
      cached_input_tokens: 0,
      output_tokens: 0,
      reasoning_output_tokens: 0,
      total_tokens: 0,
    };
    this.limits = {
      primary: this.random.int(8, 30),
      secondary: this.random.int(20, 45),
      primaryEnd: this.clock.ms + this.random.int(3000, 16000) * 1000,
      secondaryEnd: this.clock.ms + this.random.int(200000, 500000) * 1000,
    };
    this.started = this.clock.now();
  }

  emit(type, payload) {
    this.lines.push(this.bare ? payload : { timestamp: this.clock.now(), type, payload });
  }

  item(payload) {
    if (!this.bare && payload.id !== undefined) delete payload.id;
    this.emit('response_item', payload);
  }

  event(payload) {
    if (!this.bare) this.emit('event_msg', payload);
  }

  state() {
    if (this.bare) this.lines.push({ record_type: 'state' });
  }

  meta({ instructions = null, git }) {
    if (this.bare) {
      this.lines.push({ id: this.id, timestamp: this.started, instructions, git });
      return;
    }
    this.emit('session_meta', {
      id: this.id,
      timestamp: this.started,
      cwd: this.project.cwd,
      originator: 'codex_cli_rs',
      cli_version: this.cliVersion,
      instructions,
      source: 'cli',
      model_provider: 'openai',
      git,
    });
  }

  userText(text) {
    return { type: 'message', role: 'user', content: [{ type: 'input_text', text }] };
  }

  environment() {
    this.pending += 7400;
    this.item(
      this.userText(
        `<environment_context>\n  <cwd>${this.project.cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n  <network_access>restricted</network_access>\n  <shell>bash</shell>\n</environment_context>`,
      ),
    );
  }

  turnContext() {
    if (this.bare) return;
    const sandboxPolicy =
      this.sandbox === 'type'
        ? {
            type: 'workspace-write',
            network_access: false,
            exclude_tmpdir_env_var: false,
            exclude_slash_tmp: false,
          }
        : {
            mode: 'workspace-write',
            network_access: false,
            exclude_tmpdir_env_var: false,
            exclude_slash_tmp: false,
          };
    this.emit('turn_context', {
      cwd: this.project.cwd,
      approval_policy: 'on-request',
      sandbox_policy: sandboxPolicy,
      model: this.model,
      effort: 'medium',
      summary: 'auto',
    });
  }

  /** A user turn: the prompt item, its `user_message` event, the turn context. */
  prompt(text, wait = [20000, 120000]) {
    this.clock.tick(wait[0], wait[1]);
    this.pending += tokensOf(text);
    this.item(this.userText(text));
    this.event({ type: 'user_message', message: text, images: [] });
    this.turnContext();
  }

  rateLimits() {
    const l = this.limits;
    l.primary += this.random.int(0, 2);
    const window = (minutes, used, end) =>
      this.resets === 'at'
        ? { used_percent: used, window_minutes: minutes, resets_at: Math.floor(end / 1000) }
        : {
            used_percent: used,
            window_minutes: minutes,
            resets_in_seconds: Math.round((end - this.clock.ms) / 1000),
          };
    return {
      primary: window(300, l.primary, l.primaryEnd),
      secondary: window(10080, l.secondary, l.secondaryEnd),
    };
  }

  /** `token_count` after a request: cumulative totals plus this request's usage. */
  tokenCount(outputTokens, reasoningTokens) {
    const input = this.context + this.pending;
    const cached = this.lastInput === 0 ? 0 : Math.floor(this.lastInput / 128) * 128;
    this.context = input + outputTokens;
    this.pending = 0;
    this.lastInput = input;
    const last = {
      input_tokens: input,
      cached_input_tokens: cached,
      output_tokens: outputTokens,
      reasoning_output_tokens: reasoningTokens,
      total_tokens: input + outputTokens,
    };
    for (const key of Object.keys(this.total)) this.total[key] += last[key];
    this.lastInfo = {
      total_token_usage: { ...this.total },
      last_token_usage: last,
      model_context_window: 272000,
    };
    this.event({ type: 'token_count', info: this.lastInfo, rate_limits: this.rateLimits() });
  }

  /** The same totals written again (Codex does this after a turn); readers must not count it twice. */
  repeatTokenCount() {
    this.clock.tick(200, 900);
    this.event({ type: 'token_count', info: this.lastInfo, rate_limits: this.rateLimits() });
  }

  reasoning(summary) {
    this.clock.tick(1500, 6000);
    this.event({ type: 'agent_reasoning', text: summary });
    this.item({
      type: 'reasoning',
      id: `rs_${this.random.hex(48)}`,
      summary: [{ type: 'summary_text', text: summary }],
      content: null,
      encrypted_content: this.random.encrypted(),
    });
    return tokensOf(summary) + this.random.int(40, 400);
  }

  /**
   * One model request that calls a tool: reasoning, the call item, the token count, then the output
   * (`output === undefined`: none was ever written).
   */
  callTool({ reasoning, item, output, ms = [200, 3000] }) {
    const thought = reasoning ? this.reasoning(reasoning) : 0;
    if (!reasoning) this.clock.tick(900, 3000);
    this.item(item);
    const args = item.arguments ?? item.input ?? '';
    this.tokenCount(tokensOf(args) + thought + 20, thought);
    if (output === undefined) return;
    this.clock.tick(ms[0], ms[1]);
    const type = item.type === 'custom_tool_call' ? 'custom_tool_call_output' : 'function_call_output';
    this.item({ type, call_id: item.call_id, output });
    this.pending += tokensOf(output);
    this.turnContext();
  }

  functionCall(name, args) {
    return {
      type: 'function_call',
      id: `fc_${this.random.hex(48)}`,
      name,
      arguments: JSON.stringify(args),
      call_id: this.random.callId(),
    };
  }

  /** `shell` with its 2025 JSON output `{output, metadata: {exit_code, duration_seconds}}`. */
  shell(command, output, { exit = 0, seconds = 0.1, reasoning } = {}) {
    const argv = Array.isArray(command) ? command : ['bash', '-lc', command];
    const item = this.functionCall('shell', { command: argv, workdir: this.project.cwd, timeout_ms: 120000 });
    const text = `{"output":${JSON.stringify(output)},"metadata":{"exit_code":${exit},"duration_seconds":${seconds.toFixed(1)}}}`;
    this.callTool({
      reasoning,
      item,
      output: text,
      ms: [Math.round(seconds * 1000), Math.round(seconds * 1000) + 300],
    });
  }

  /** `exec_command` (unified exec) with its header-text output; `exit === undefined`: no output at all. */
  exec(cmd, output, { exit = 0, seconds = 0.2, reasoning, noOutput = false } = {}) {
    const item = this.functionCall('exec_command', {
      cmd,
      workdir: this.project.cwd,
      yield_time_ms: 10000,
      max_output_tokens: 6000,
    });
    const text = `Chunk ID: ${this.random.hex(6)}\nWall time: ${seconds.toFixed(4)} seconds\nProcess exited with code ${exit}\nOriginal token count: ${tokensOf(output)}\nOutput:\n${output}`;
    this.callTool({
      reasoning,
      item,
      output: noOutput ? undefined : text,
      ms: [Math.round(seconds * 1000), Math.round(seconds * 1000) + 300],
    });
  }

  updatePlan(explanation, steps, reasoning) {
    const plan = steps.map(([step, status]) => ({ step, status }));
    const item = this.functionCall('update_plan', clean({ explanation, plan }));
    this.callTool({ reasoning, item, output: 'Plan updated', ms: [5, 40] });
  }

  /** Freeform apply_patch; `style` is how this build wrote its output. */
  applyPatch(patch, files, { style, reasoning } = {}) {
    const item = {
      type: 'custom_tool_call',
      status: 'completed',
      call_id: this.random.callId(),
      name: 'apply_patch',
      input: patch,
    };
    const summary = `Success. Updated the following files:\n${files.join('\n')}\n`;
    const output =
      style === 'json'
        ? `{"output":${JSON.stringify(summary)},"metadata":{"exit_code":0,"duration_seconds":${(this.random.int(1, 9) / 10).toFixed(1)}}}`
        : `Exit code: 0\nWall time: 0 seconds\nOutput:\n${summary}`;
    this.callTool({ reasoning, item, output, ms: [100, 900] });
  }

  /** The final answer of a turn. */
  answer(text, reasoning) {
    const thought = reasoning ? this.reasoning(reasoning) : 0;
    if (!reasoning) this.clock.tick(1500, 5000);
    this.event({ type: 'agent_message', message: text });
    this.item({
      type: 'message',
      id: `msg_${this.random.hex(48)}`,
      role: 'assistant',
      content: [{ type: 'output_text', text }],
    });
    this.tokenCount(tokensOf(text) + thought, thought);
  }

  output() {
    const stamp = this.started.slice(0, 19).replace(/:/g, '-');
    const [y, m, d] = this.started.slice(0, 10).split('-');
    return [{ rel: `codex/sessions/${y}/${m}/${d}/rollout-${stamp}-${this.id}.jsonl`, records: this.lines }];
  }
}
