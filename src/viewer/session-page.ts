import type { Session } from '../model/session.js';
import { sessionClientJs } from './assets/session-client.js';
import { escapeHtml, jsonForScript } from './escape-html.js';
import { type PageAssets, renderPage } from './page-shell.js';
import { type RenderedSession, type RenderSessionOptions, renderSession } from './render-session.js';

/** Items per lazily rendered chunk: the page shows the first chunk, then one more each time the end nears. */
export const chunkSize = 100;

export interface SessionPageOptions extends RenderSessionOptions {
  assets: PageAssets;
  /** A link back to the list (`index.html`, `/`). */
  backHref?: string;
  nav?: string;
  /** Served mode: follow the session live (server-sent events URL and the JSON data URL). */
  live?: { events: string; data: string };
}

/** The page's data for live updates: the same items as the page, as JSON. */
export interface SessionPageData {
  header: string;
  transcripts: [key: string, html: string][][];
  parents: Record<number, [number, number]>;
  anchors: Record<string, [number, number]>;
}

export function sessionPageData(rendered: RenderedSession): SessionPageData {
  return {
    header: rendered.header,
    transcripts: rendered.transcripts.map((t) => t.items.map((i): [string, string] => [i.key, i.html])),
    parents: parentsOf(rendered),
    anchors: rendered.anchors,
  };
}

function parentsOf(rendered: RenderedSession): Record<number, [number, number]> {
  const parents: Record<number, [number, number]> = {};
  rendered.transcripts.forEach((t, i) => {
    if (t.parent) parents[i] = t.parent;
  });
  return parents;
}

/**
 * A session as one HTML page: a header with the session's facts and totals, then the conversation, rendered
 * in chunks of {@link chunkSize} items as the reader scrolls (a session of any length opens at once).
 */
export function renderSessionPage(session: Session, options: SessionPageOptions): string {
  const rendered = renderSession(session, options);
  return renderSessionDocument(session, rendered, options);
}

export function renderSessionDocument(
  session: Session,
  rendered: RenderedSession,
  options: SessionPageOptions,
): string {
  const blocks: string[] = [];
  rendered.transcripts.forEach((transcript, t) => {
    for (let c = 0; c * chunkSize < transcript.items.length; c += 1) {
      const items = transcript.items.slice(c * chunkSize, (c + 1) * chunkSize).map((i) => [i.key, i.html]);
      blocks.push(
        `<script type="application/json" class="chunk" data-t="${t}" data-c="${c}">${jsonForScript(items)}</script>`,
      );
    }
  });
  const meta = {
    chunkSize,
    itemCounts: rendered.transcripts.map((t) => t.items.length),
    parents: parentsOf(rendered),
    anchors: rendered.anchors,
  };
  const subagents = rendered.transcripts.length - 1;
  const back = options.backHref
    ? `<a class="back" href="${escapeHtml(options.backHref)}">← all sessions</a>`
    : '';
  const toolbar = `<div class="toolbar">${back}<span id="render-progress"></span><button type="button" id="show-all">show all entries</button>${subagents > 0 ? '<button type="button" id="expand-subagents">open all subagents</button>' : ''}${options.live ? '<span class="live" id="live-indicator">○ connecting</span>' : ''}</div>`;
  const body = `<div id="session-header">${rendered.header}</div>${toolbar}<div class="transcript" data-t="0" data-tool-cards="${rendered.toolCards}"></div><noscript><p class="note">This page renders its conversation with a small script; enable JavaScript to read it.</p></noscript>${blocks.join('\n')}<script type="application/json" id="viewer-meta">${jsonForScript(meta)}</script><footer class="page">Rendered by agentlog from ${session.files.length} file${session.files.length === 1 ? '' : 's'}.</footer>`;
  return renderPage({
    title: `${session.title ?? session.id} · agentlog`,
    assets: options.assets,
    scripts: [{ source: sessionClientJs, path: '/assets/session.js' }],
    body,
    ...(options.nav === undefined ? {} : { nav: options.nav }),
    ...(options.live
      ? { bodyAttributes: { 'data-live': options.live.events, 'data-live-data': options.live.data } }
      : {}),
  });
}
