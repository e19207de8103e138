// A project: a small virtual file tree that sessions read and edit, in date order.

/** A project at `cwd` with its files (relative path -> text); paths may be given absolute or relative. */
export function createProject(cwd, files) {
  const tree = new Map(Object.entries(files));
  const abs = (rel) => `${cwd}/${rel}`;
  const relOf = (file) => (file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file);
  return {
    cwd,
    abs,
    relOf,
    has: (file) => tree.has(relOf(file)),
    read(file) {
      const text = tree.get(relOf(file));
      if (text === undefined) throw new Error(`Demo script bug: "${file}" does not exist`);
      return text;
    },
    write: (file, text) => tree.set(relOf(file), text),
    paths: () => [...tree.keys()],
    snapshot: () => new Map(tree),
    restore(saved) {
      tree.clear();
      for (const [k, v] of saved) tree.set(k, v);
    },
  };
}
