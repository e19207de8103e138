import MarkdownIt from 'markdown-it';
import { escapeHtml, wellFormed } from './escape-html.js';

// Raw HTML off: `<script>` in a message is text. markdown-it's own link validation refuses
// `javascript:`, `vbscript:`, `file:` and most `data:` URLs; links open in a new tab without a referrer.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) {
    token.attrSet('rel', 'noopener noreferrer nofollow');
    token.attrSet('target', '_blank');
  }
  return self.renderToken(tokens, idx, options);
};

// Images are never loaded from the network (the page works offline and leaks nothing): an image in a
// message shows as a link with its alt text.
md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  const src = token?.attrGet('src') ?? '';
  const alt = token?.content ?? '';
  return `<span class="md-image">[image${alt ? `: ${escapeHtml(alt)}` : ''}] <code>${escapeHtml(src)}</code></span>`;
};

/** Markdown to HTML with raw HTML disabled (what an assistant wrote is shown, never run). */
export function renderMarkdown(text: string): string {
  return md.render(wellFormed(text));
}
