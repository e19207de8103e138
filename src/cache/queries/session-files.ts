/** The source files of the selected trees' sessions (subagent files included), from `sessions.files`. */
import type { TreeSelection } from './select-trees.js';

export function sessionFiles(selection: TreeSelection): Set<string> {
  const files = new Set<string>();
  for (const [tree, list] of selection.db.prepare('SELECT tree, files FROM sessions').raw().all() as [
    number,
    string,
  ][])
    if (selection.selected.get(tree) === true)
      for (const file of JSON.parse(list) as string[]) files.add(file);
  return files;
}
