/**
 * The session tree a client names by id: a top-level session id or a unique prefix of one, `ID@N` for the
 * Nth of several files holding the same id (in file order), or a subagent's id (its tree). Only trees in
 * the index (and in the server's scope) are found: no path a client sends is ever opened.
 */
import type { TreeRow, TreeSelection } from '../cache/queries/select-trees.js';
import { McpToolError } from './mcp-tool.js';

export function findTree(selection: TreeSelection, target: string): TreeRow {
  const picked = /^(.+)@(\d+)$/.exec(target.trim());
  const id = picked?.[1] ?? target.trim();
  if (id === '') throw new McpToolError('Give a session id (list_sessions or search shows them).');
  const byFile = (a: TreeRow, b: TreeRow) => (a.firstFile ?? '').localeCompare(b.firstFile ?? '');
  let candidates = selection.trees.filter((t) => t.sessionId === id).sort(byFile);
  if (candidates.length === 0)
    candidates = selection.trees.filter((t) => t.sessionId.startsWith(id)).sort(byFile);
  if (candidates.length === 0) {
    // A subagent's id: the tree that holds it.
    const trees = new Set(
      (
        selection.db
          .prepare('SELECT DISTINCT tree FROM sessions WHERE id = ? AND is_subagent = 1')
          .raw()
          .all(id) as [number][]
      ).map(([tree]) => tree),
    );
    candidates = selection.trees.filter((t) => trees.has(t.id)).sort(byFile);
  }
  if (candidates.length === 0)
    throw new McpToolError(
      `No session "${id}" in the index: list_sessions or search shows the sessions there are.`,
    );
  if (picked) {
    const chosen = candidates[Number(picked[2]) - 1];
    if (chosen) return chosen;
    throw new McpToolError(
      `"${target}" asks for session ${picked[2]} of "${id}", but only ${candidates.length} ${candidates.length === 1 ? 'matches' : 'match'}.`,
    );
  }
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only) return only;
  const sameId = new Set(candidates.map((t) => t.sessionId)).size === 1;
  const listed = candidates
    .slice(0, 10)
    .map(
      (t, i) =>
        `${sameId ? `${id}@${i + 1}` : t.sessionId} (${t.startTime?.slice(0, 16).replace('T', ' ') ?? 'no date'}, ${t.messages} messages)`,
    );
  throw new McpToolError(
    `${sameId ? `${candidates.length} files hold session "${id}"` : `"${id}" starts ${candidates.length} session ids`}: ask for one of ${listed.join(', ')}${candidates.length > 10 ? ', ...' : ''}.`,
  );
}
