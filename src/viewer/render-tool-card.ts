import { summarizeToolInput } from '../analytics/summarize-tool-input.js';
import { arr, isObject, str } from '../lifecycle/value-access.js';
import type { ToolCall } from '../model/tool-call.js';
import { escapeHtml } from './escape-html.js';
import { formatDuration } from './format-values.js';
import { renderImage } from './render-image.js';
import { renderToolInput } from './render-tool-input.js';
import { collapsibleText } from './text-block.js';

/** What a card needs beyond the call: the nested subagent, when the call started one. */
export interface CardExtras {
  /** The subagent transcript's number (see `RenderedSession.transcripts`) and a one-line label. */
  subagent?: { transcript: number; label: string };
}

const commandTools = new Set(['Bash', 'PowerShell', 'shell_command', 'exec_command', 'shell', 'local_shell']);

/** The images of a result's content blocks (Claude Code `image` blocks, Codex `input_image` data URLs). */
function resultImages(content: unknown): string[] {
  const images: string[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    if (block.type === 'image' && isObject(block.source)) {
      const html = renderImage(str(block.source.media_type), str(block.source.data));
      if (html) images.push(html);
    } else if (block.type === 'input_image') {
      const url = str(block.image_url) ?? '';
      const m = /^data:([a-z/+.-]+);base64,(.*)$/is.exec(url);
      const html = m ? renderImage(m[1], m[2]) : undefined;
      if (html) images.push(html);
    }
  }
  return images;
}

/** The status badge: ok, error, denied, interrupted, hook_blocked, missing, orphan_result. */
export function statusBadge(status: string, reason?: string): string {
  const title = reason === undefined ? '' : ` title="${escapeHtml(reason)}"`;
  return `<span class="badge status-${escapeHtml(status)}"${title}>${escapeHtml(status)}</span>`;
}

/** One tool call as a card: name, summary, status badge, duration, the input view and the result. */
export function renderToolCard(call: ToolCall, extras: CardExtras = {}): string {
  const name =
    call.kind === 'mcp' && call.mcpTool ? `${call.mcpServer ?? 'mcp'} · ${call.mcpTool}` : call.name;
  // The command of a shell call is shown in full right below: the head does not repeat it.
  const summary =
    call.status === 'orphan_result'
      ? `call id ${call.id}`
      : commandTools.has(call.canonicalName) && isObject(call.input)
        ? ''
        : summarizeToolInput(call, 140);
  const head = `<div class="card-head"><span class="tool-name">${escapeHtml(name)}</span><span class="summary">${escapeHtml(summary)}</span>${statusBadge(call.status, call.statusReason)}<span class="duration">${call.durationMs === undefined ? '' : escapeHtml(formatDuration(call.durationMs))}</span></div>`;
  const body: string[] = [];
  if (call.status !== 'orphan_result') {
    const input = renderToolInput(call);
    if (input) body.push(`<div class="card-input">${input}</div>`);
  }
  if (call.statusReason && call.status !== 'ok')
    body.push(`<div class="status-reason">${escapeHtml(call.statusReason)}</div>`);
  if (call.result) {
    const images = resultImages(call.result.content);
    const exit =
      call.result.exitCode === undefined ? '' : `<span class="exit">exit ${call.result.exitCode}</span>`;
    const text = call.result.text;
    body.push(
      `<div class="card-result"><div class="result-label">result ${exit}</div>${text.trim() ? collapsibleText(text, { cls: 'result', location: call.result.location }) : '<span class="dim">(empty)</span>'}${images.join('')}</div>`,
    );
  } else if (call.status === 'missing') {
    body.push('<div class="card-result dim">no result in the log</div>');
  }
  if (extras.subagent) {
    body.push(
      `<details class="subagent" data-t="${extras.subagent.transcript}"><summary>${escapeHtml(extras.subagent.label)}</summary><div class="transcript" data-t="${extras.subagent.transcript}"></div></details>`,
    );
  }
  return `<div class="tool-card status-${escapeHtml(call.status)}" id="c-${escapeHtml(call.id)}" data-call="${escapeHtml(call.id)}" data-tool="${escapeHtml(call.canonicalName)}">${head}<div class="card-body">${body.join('')}</div></div>`;
}
