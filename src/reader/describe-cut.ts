import type { DepthCut } from '../schemas/common/bound-depth.js';
import { formatPath } from './format-path.js';

/** The located problem type of a record part nested too deeply (the record itself is kept). */
export const TOO_DEEP = 'too-deep';

/** Parts of a cut's path shown before the rest is summed up (a cut path is over 100 parts long). */
const SHOWN_PARTS = 4;

/** A cut's path, shortened: `payload.info[0][0]… (101 levels)`. */
export function formatCutPath(cut: DepthCut): string {
  if (cut.path.length <= SHOWN_PARTS + 1) return formatPath(cut.path);
  return `${formatPath(cut.path.slice(0, SHOWN_PARTS))}… (${cut.path.length} levels)`;
}

/** One sentence about a part of a record that nested too deeply and was kept as JSON text. */
export function describeCut(cut: DepthCut, maxDepth: number): string {
  return `${formatCutPath(cut)} nests ${cut.depth.toLocaleString('en-US')} levels deep, more than the limit of ${maxDepth}: kept as JSON text in an "agentlog:truncated" marker`;
}
