import { escapeHtml } from './escape-html.js';

/** Raster types shown inline. SVG is never embedded as an image: it is shown as text. */
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The largest base64 image embedded (8 MB of text); larger ones are noted, not embedded. */
export const maxImageChars = 8 * 1024 * 1024;

/**
 * An `<img>` for a base64 image from a log (a `data:` URL, the only image source the page's policy allows), or
 * a note when the type is not a raster image, the data is not base64, or it is too large.
 */
export function renderImage(mediaType: string | undefined, data: string | undefined): string | undefined {
  if (data === undefined) return undefined;
  const type = (mediaType ?? '').toLowerCase();
  if (!imageTypes.has(type))
    return `<div class="note">[image of type ${escapeHtml(mediaType ?? 'unknown')} not shown]</div>`;
  if (data.length > maxImageChars)
    return `<div class="note">[image of ${data.length.toLocaleString('en-US')} base64 characters not embedded]</div>`;
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return '<div class="note">[image data is not base64]</div>';
  return `<img class="log-image" alt="image from the log" src="data:${type};base64,${clean}">`;
}
