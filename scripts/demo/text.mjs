// Text renderings shared by the tools: diffs, numbered lines, globs, grep output.

/** Unified-diff hunk of a change from `before` to `after` (3 lines of context), as Claude Code records it. */
export function hunkOf(before, after) {
  const trim = (lines) => (lines.at(-1) === '' ? lines.slice(0, -1) : lines);
  const a = trim(before.split('\n'));
  const b = trim(after.split('\n'));
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const start = Math.max(0, p - 3);
  const endA = Math.min(a.length, a.length - s + 3);
  const removed = a.slice(p, a.length - s);
  const added = b.slice(p, b.length - s);
  const lines = [
    ...a.slice(start, p).map((l) => ` ${l}`),
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
    ...a.slice(a.length - s, endA).map((l) => ` ${l}`),
  ];
  const oldLines = endA - start;
  return {
    oldStart: start + 1,
    oldLines,
    newStart: start + 1,
    newLines: oldLines - removed.length + added.length,
    lines,
    firstChanged: p + 1,
    lastChanged: p + added.length,
  };
}

/** Lines as `cat -n` prints them in Claude Code results: `     1→text` (older) or `1\ttext` (2.1.1xx). */
export function numbered(text, from, to, tabs) {
  const lines = text.split('\n');
  const out = [];
  for (let n = Math.max(1, from); n <= Math.min(lines.length, to); n++) {
    out.push(tabs ? `${n}\t${lines[n - 1]}` : `${String(n).padStart(6)}→${lines[n - 1]}`);
  }
  return out.join('\n');
}

/** A shell-style glob (`**`, `*`, `{a,b}`) as a regular expression over relative paths. */
export function globRegex(pattern) {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '(?:.*/)?';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      re += `(?:${pattern
        .slice(i + 1, end)
        .split(',')
        .join('|')})`;
      i = end;
    } else re += /[.+^$()|[\]\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

/** `rg -n` output for `re` over the given files of a project. */
export function rgLines(project, re, files) {
  const out = [];
  for (const rel of files) {
    project
      .read(rel)
      .split('\n')
      .forEach((line, i) => {
        if (re.test(line)) out.push(`${rel}:${i + 1}:${line}`);
      });
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}
