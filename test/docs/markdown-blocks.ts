import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A fenced code block of a Markdown file, with the marker comment written before it (if any). */
export interface FencedBlock {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  text: string;
  /** `example: …`, `recipe: …` or `snippet: …`: the text of the `<!-- … -->` comment right before the fence. */
  marker?: string;
}

const markerPattern = /^<!--\s*((?:example|recipe|snippet):[^>]*?)\s*-->$/;

/** Every fenced block of a Markdown text (backtick fences of three or more). */
export function fencedBlocks(file: string, text: string): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})([\w-]*)\s*$/.exec(lines[i] ?? '');
    if (open === null) continue;
    const fence = open[1] ?? '```';
    let end = i + 1;
    while (end < lines.length && (lines[end] ?? '').trim() !== fence) end++;
    let back = i - 1;
    while (back >= 0 && (lines[back] ?? '').trim() === '') back--;
    const marker = markerPattern.exec((lines[back] ?? '').trim())?.[1];
    blocks.push({
      file,
      line: i + 1,
      language: open[2] ?? '',
      text: lines.slice(i + 1, end).join('\n'),
      ...(marker === undefined ? {} : { marker }),
    });
    i = end;
  }
  return blocks;
}

/** The Markdown files of docs/ (the TypeDoc output in docs/api aside), relative to the repository root. */
export function docsMarkdownFiles(): string[] {
  const docs = path.join(repoRoot, 'docs');
  return readdirSync(docs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) =>
      path.relative(repoRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter((file) => !file.startsWith('docs/api/'))
    .sort();
}

/** Every fenced block of every docs Markdown file. */
export function docsBlocks(): FencedBlock[] {
  return docsMarkdownFiles().flatMap((file) =>
    fencedBlocks(file, readFileSync(path.join(repoRoot, file), 'utf8')),
  );
}

/** Relative link targets of a Markdown text (`[text](target)`), without `#anchor`; web links left out. */
export function relativeLinks(text: string): { text: string; target: string }[] {
  return [...text.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)]
    .map((m) => ({ text: m[1] ?? '', target: (m[2] ?? '').split('#')[0] ?? '' }))
    .filter((link) => link.target !== '' && !/^[a-z]+:/i.test(link.target));
}
