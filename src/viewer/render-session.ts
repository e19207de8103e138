import type { Pricer } from '../analytics/usage-report.js';
import { allSessions } from '../model/all-sessions.js';
import type { Message, MessagePart } from '../model/message.js';
import type { Session, Subagent } from '../model/session.js';
import type { ToolCall } from '../model/tool-call.js';
import { addUsage, emptyUsage, totalTokens } from '../model/usage.js';
import { escapeHtml } from './escape-html.js';
import {
  countOf,
  formatCost,
  formatDuration,
  formatNumber,
  formatTime,
  formatUsage,
} from './format-values.js';
import { renderImage } from './render-image.js';
import { renderMarkdown } from './render-markdown.js';
import { renderToolCard, statusBadge } from './render-tool-card.js';
import { capText, collapsibleText, omittedNote } from './text-block.js';

/** One rendered entry of a transcript: a message (with its tool cards), a marker, or a trailing card. */
export interface RenderedItem {
  /** Stable across re-renders of a growing session (for live updates). */
  key: string;
  html: string;
}

/** A conversation: the session's own (number 0) or a subagent's, nested in the card of the call that started it. */
export interface RenderedTranscript {
  items: RenderedItem[];
  /** For subagent transcripts: the transcript and item holding the card. */
  parent?: [transcript: number, item: number];
}

/** A session rendered for a page: HTML per item, rendered lazily by the page's script. */
export interface RenderedSession {
  header: string;
  transcripts: RenderedTranscript[];
  /** Element ids (`m-<message>`, `c-<call>`) to `[transcript, item]`, so a link can render its target. */
  anchors: Record<string, [number, number]>;
  /** Tool cards of transcript 0 (the session's own calls, orphan results included). */
  toolCards: number;
}

export interface RenderSessionOptions {
  /** Prices a request (default: none; the CLI passes the prices in use, see cli/pricer.ts). */
  price?: Pricer;
  /** The session's state (see `sessionState`), shown in the header when given. */
  state?: string;
}

/** Above this many characters, a message's text is shown as plain text rather than parsed as Markdown. */
export const maxMarkdownChars = 200_000;

/** Without prices every request is unpriced: its tokens are shown, its cost is not taken as $0. */
const defaultPrice: Pricer = () => null;

/** Tokens and cost of the whole session tree (each request once), and whether some requests had no price. */
export function sessionTotals(session: Session, price: Pricer = defaultPrice) {
  const usage = emptyUsage();
  let cost = 0;
  let unpriced = 0;
  let requests = 0;
  for (const s of allSessions([session]))
    for (const entry of s.usageEntries) {
      addUsage(usage, entry.usage);
      requests += 1;
      const c = entry.model === undefined ? null : price(entry.model, entry.usage, entry.timestamp);
      if (c === null) unpriced += 1;
      else cost += c;
    }
  // No price for any request: the cost is unknown, not zero.
  return { usage, cost: unpriced > 0 && unpriced === requests ? null : cost, unpriced, requests };
}

/** Renders a session and its subagents into items of HTML (see {@link RenderedSession}). */
export function renderSession(session: Session, options: RenderSessionOptions = {}): RenderedSession {
  const price = options.price ?? defaultPrice;
  const result: RenderedSession = { header: '', transcripts: [], anchors: {}, toolCards: 0 };
  renderTranscript(session, undefined, result, price);
  result.toolCards = (result.transcripts[0]?.items ?? []).reduce(
    (n, item) => n + (item.html.match(/<div class="tool-card /g)?.length ?? 0),
    0,
  );
  // Cards of nested transcripts are separate items: a card counted above is one of the session's own.
  result.header = renderHeader(session, price, options.state);
  return result;
}

function renderTranscript(
  session: Session,
  parent: [number, number] | undefined,
  out: RenderedSession,
  price: Pricer,
): number {
  const t = out.transcripts.length;
  const transcript: RenderedTranscript = { items: [], ...(parent === undefined ? {} : { parent }) };
  out.transcripts.push(transcript);
  const calls = new Map(session.toolCalls.map((c) => [c.id, c]));
  const subagents = new Map(
    session.subagents.filter((s) => s.toolCallId !== undefined).map((s) => [s.toolCallId as string, s]),
  );
  const seen = new Map<string, number>();
  const keyOf = (id: string) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}#${n}`;
  };
  // Calls no message part refers to (a tool_use block without an id, kept by lifecycle under a made-up id)
  // are shown with the message that made them, else at the end: nothing in the model is left off the page.
  const referenced = new Set(
    session.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call' ? [p.callId] : []))),
  );
  const unplaced = new Map<string, ToolCall[]>();
  for (const call of session.toolCalls) {
    if (referenced.has(call.id) || call.status === 'orphan_result') continue;
    const key = call.messageId ?? '';
    unplaced.set(key, [...(unplaced.get(key) ?? []), call]);
  }
  let offBranchRun = false;
  for (const message of session.messages) {
    const index = transcript.items.length;
    const anchorIds: string[] = [];
    const cardFor = (call: ToolCall) => {
      anchorIds.push(`c-${call.id}`);
      const sub = subagents.get(call.id);
      const extras = sub
        ? { subagent: { transcript: renderSub(sub, [t, index]), label: subLabel(sub) } }
        : {};
      return renderToolCard(call, extras);
    };
    const renderSub = (sub: Subagent, at: [number, number]) => renderTranscript(sub.session, at, out, price);
    const extra = [
      ...(unplaced.get(message.id) ?? []),
      ...(message.apiMessageId === undefined || message.apiMessageId === message.id
        ? []
        : (unplaced.get(message.apiMessageId) ?? [])),
    ];
    unplaced.delete(message.id);
    if (message.apiMessageId !== undefined) unplaced.delete(message.apiMessageId);
    const html = renderMessage(message, calls, cardFor, price, extra);
    if (html === '') continue;
    const startsRun = message.offBranch === true && !offBranchRun;
    offBranchRun = message.offBranch === true;
    const key = keyOf(message.id);
    const anchorId = `m-${message.id}`;
    out.anchors[anchorId] ??= [t, index];
    for (const a of anchorIds) out.anchors[a] ??= [t, index];
    transcript.items.push({
      key,
      html: `${startsRun ? '<div class="branch-mark">rewound branch: not on the conversation\'s final path</div>' : ''}${html.replace('<div class="msg ', `<div id="${escapeHtml(anchorId)}" class="msg `)}`,
    });
  }
  for (const call of [...unplaced.values()].flat()) {
    out.anchors[`c-${call.id}`] ??= [t, transcript.items.length];
    transcript.items.push({
      key: `call:${call.id}`,
      html: `<div class="msg unplaced">${renderToolCard(call)}</div>`,
    });
  }
  for (const call of session.toolCalls.filter((c) => c.status === 'orphan_result')) {
    out.anchors[`c-${call.id}`] ??= [t, transcript.items.length];
    transcript.items.push({
      key: `orphan:${call.id}`,
      html: `<div class="msg orphan">${renderToolCard(call)}</div>`,
    });
  }
  for (const sub of session.subagents.filter((s) => s.toolCallId === undefined)) {
    const index = transcript.items.length;
    const n = renderTranscript(sub.session, [t, index], out, price);
    transcript.items.push({
      key: `subagent:${sub.agentId}`,
      html: `<div class="msg unlinked-subagent"><details class="subagent" data-t="${n}"><summary>${escapeHtml(subLabel(sub))} (not linked to a call)</summary><div class="transcript" data-t="${n}"></div></details></div>`,
    });
  }
  return t;
}

function subLabel(sub: Subagent): string {
  const s = sub.session;
  const bits = [
    `subagent ${sub.agentId}`,
    sub.agentType ?? s.meta.agentType,
    sub.description,
    countOf(s.toolCalls.length, 'call'),
    s.durationMs === undefined ? undefined : formatDuration(s.durationMs),
  ].filter((b): b is string => typeof b === 'string' && b.length > 0);
  return bits.join(' · ');
}

function textHtml(text: string, markdown: boolean, message: Message): string {
  const { text: kept, omitted } = capText(text);
  const body =
    markdown && kept.length <= maxMarkdownChars
      ? `<div class="md">${renderMarkdown(kept)}</div>`
      : `<div class="plain">${escapeHtml(kept)}</div>`;
  return body + omittedNote(omitted, message.location);
}

function partHtml(
  part: MessagePart,
  message: Message,
  calls: Map<string, ToolCall>,
  cardFor: (call: ToolCall) => string,
): string {
  switch (part.type) {
    case 'text':
      if (!part.text.trim()) return '';
      return textHtml(part.text, message.role === 'assistant', message);
    case 'thinking':
      if (part.redacted) return '<details class="thinking"><summary>thinking (redacted)</summary></details>';
      if (!part.text.trim()) return '';
      return `<details class="thinking"><summary>thinking: ${escapeHtml(part.text.replace(/\s+/g, ' ').replace(/\*\*/g, '').trim().slice(0, 160))}</summary>${textHtml(part.text, true, message)}</details>`;
    case 'tool_call': {
      const call = calls.get(part.callId);
      return call ? cardFor(call) : '';
    }
    case 'tool_result':
      // Shown in the card of its call.
      return '';
    case 'image':
      return (
        renderImage(part.mediaType, part.data) ??
        (part.url
          ? `<div class="note">[image: ${escapeHtml(part.url)}]</div>`
          : '<div class="note">[image]</div>')
      );
    case 'document':
      return `<div class="note">[document${part.title ? `: ${escapeHtml(part.title)}` : ''}${part.mediaType ? ` (${escapeHtml(part.mediaType)})` : ''}]</div>`;
    case 'other':
      return `<details class="other"><summary>${escapeHtml(part.blockType)} block</summary>${collapsibleText(JSON.stringify(part.raw, null, 2) ?? '', { cls: 'json' })}</details>`;
    default:
      return part satisfies never;
  }
}

function roleLabel(message: Message): string {
  switch (message.kind) {
    case 'prompt':
      return 'user';
    case 'meta':
      return 'harness';
    case 'tool_results':
      return 'tool results';
    case 'compact_summary':
      return 'summary after compaction';
    case 'interrupt':
      return 'interrupted';
    case 'response':
      return 'assistant';
    case 'api_error':
      return 'API error';
    case 'compact_boundary':
      return 'compaction';
    case 'system':
      return `system${message.subtype ? ` · ${message.subtype}` : ''}`;
    default:
      return message.kind satisfies never;
  }
}

function renderMessage(
  message: Message,
  calls: Map<string, ToolCall>,
  cardFor: (call: ToolCall) => string,
  price: Pricer,
  extraCalls: readonly ToolCall[] = [],
): string {
  const body =
    message.parts.map((p) => partHtml(p, message, calls, cardFor)).join('') +
    extraCalls.map(cardFor).join('');
  const time = message.timestamp
    ? `<span class="time">${escapeHtml(formatTime(message.timestamp))}</span>`
    : '';
  const cls = `msg ${message.role} kind-${message.kind}${message.offBranch ? ' off-branch' : ''}`;
  const head = (extra = '') =>
    `<div class="msg-head"><span class="role">${escapeHtml(roleLabel(message))}</span>${extra}${time}</div>`;
  switch (message.kind) {
    case 'compact_boundary':
      return `<div class="${cls}"><div class="boundary">conversation compacted${message.timestamp ? ` · ${escapeHtml(formatTime(message.timestamp))}` : ''}</div></div>`;
    case 'meta':
    case 'compact_summary':
      if (!body) return '';
      return `<div class="${cls}"><details class="collapsed-msg"><summary>${head()}</summary><div class="msg-body">${body}</div></details></div>`;
    case 'tool_results':
      if (!body) return '';
      return `<div class="${cls}">${head()}<div class="msg-body">${body}</div></div>`;
    case 'interrupt':
      return `<div class="${cls}"><div class="boundary interrupt">${body ? body : 'interrupted by the user'}</div></div>`;
    case 'system':
      if (!body) return '';
      return `<div class="${cls}">${head()}<div class="msg-body">${body}</div></div>`;
    default: {
      if (!body && !message.usage) return '';
      const usage = message.usage;
      let foot = '';
      if (usage && totalTokens(usage) > 0) {
        const cost = message.model === undefined ? null : price(message.model, usage, message.timestamp);
        foot = `<div class="usage">${escapeHtml(formatUsage(usage))} · ${escapeHtml(formatCost(cost))}${message.model ? ` · ${escapeHtml(message.model)}` : ''}</div>`;
      }
      const model =
        message.role === 'assistant' && message.model
          ? `<span class="model">${escapeHtml(message.model)}</span>`
          : '';
      if (!body && !foot) return '';
      return `<div class="${cls}">${head(model)}<div class="msg-body">${body}</div>${foot}</div>`;
    }
  }
}

function statusCounts(session: Session): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of allSessions([session]))
    for (const c of s.toolCalls) counts[c.status] = (counts[c.status] ?? 0) + 1;
  return counts;
}

function renderHeader(session: Session, price: Pricer, state: string | undefined): string {
  const totals = sessionTotals(session, price);
  const counts = statusCounts(session);
  const calls = Object.values(counts).reduce((a, b) => a + b, 0);
  const facts: [string, string][] = [
    ['agent', session.agent],
    ['project', session.cwd ?? session.project ?? '-'],
    ...(session.gitBranch ? ([['branch', session.gitBranch]] as [string, string][]) : []),
    ['started', formatTime(session.startTime)],
    ['duration', formatDuration(session.durationMs)],
    ['models', session.models.join(', ') || '-'],
    ...(session.versions.length > 0
      ? ([['versions', session.versions.join(', ')]] as [string, string][])
      : []),
    ['session', session.id],
  ];
  const badges = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([status, n]) => `${statusBadge(status)} ${formatNumber(n)}`)
    .join(' ');
  const stats = [
    plural(session.messages.length, 'message'),
    plural(calls, 'tool call'),
    plural(session.subagents.length, 'subagent'),
    `${formatUsage(totals.usage)}`,
    `${formatNumber(totalTokens(totals.usage))} tokens`,
    `${formatCost(totals.cost)}${totals.unpriced > 0 ? ` (${totals.unpriced} unpriced requests)` : ''}`,
  ];
  const problems = [...allSessions([session])].flatMap((s) => s.problems);
  const problemList =
    problems.length === 0
      ? ''
      : `<details class="problems"><summary>${plural(problems.length, 'line')} or records could not be read (kept here, not dropped)</summary><ul>${problems
          .slice(0, 200)
          .map(
            (p) =>
              `<li><code>${escapeHtml(p.location.file)}:${p.location.line}</code> ${escapeHtml(p.type)}: ${escapeHtml(p.message)}</li>`,
          )
          .join(
            '',
          )}${problems.length > 200 ? `<li>and ${formatNumber(problems.length - 200)} more</li>` : ''}</ul></details>`;
  return `<header class="session-header"><h1>${escapeHtml(session.title ?? '(untitled session)')}${state ? ` <span class="state state-${escapeHtml(state)}">${escapeHtml(state)}</span>` : ''}</h1><dl class="facts">${facts.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join('')}</dl><div class="totals">${stats.map((s) => `<span>${escapeHtml(s)}</span>`).join('')}</div><div class="status-counts">${badges}</div>${problemList}</header>`;
}

function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
}
