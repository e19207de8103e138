import { describe, expect, it } from 'vitest';
import { hunkFromStrings, hunksFromStructuredPatch, parseApplyPatch, renderDiff } from './render-diff.js';

describe('diffs', () => {
  it('reads Claude Code structuredPatch hunks', () => {
    const hunks = hunksFromStructuredPatch([
      { oldStart: 3, oldLines: 2, newStart: 3, newLines: 2, lines: [' keep', '-old', '+new'] },
    ]);
    expect(hunks).toEqual([
      {
        header: '@@ -3,2 +3,2 @@',
        lines: [
          { kind: ' ', text: 'keep' },
          { kind: '-', text: 'old' },
          { kind: '+', text: 'new' },
        ],
      },
    ]);
    expect(hunksFromStructuredPatch('nope')).toBeUndefined();
  });

  it('makes a hunk from old and new strings, shared lines as context', () => {
    expect(hunkFromStrings('a\nb\nc', 'a\nB\nc').lines).toEqual([
      { kind: ' ', text: 'a' },
      { kind: '-', text: 'b' },
      { kind: '+', text: 'B' },
      { kind: ' ', text: 'c' },
    ]);
  });

  it('parses a Codex apply_patch envelope', () => {
    const files = parseApplyPatch(
      '*** Begin Patch\n*** Update File: src/a.ts\n@@ fn\n-x\n+y\n*** Add File: b.md\n+hello\n*** Delete File: c\n*** End Patch',
    );
    expect(files.map((f) => [f.action, f.path])).toEqual([
      ['update', 'src/a.ts'],
      ['add', 'b.md'],
      ['delete', 'c'],
    ]);
    expect(files[0]?.hunks[0]?.lines).toEqual([
      { kind: '-', text: 'x' },
      { kind: '+', text: 'y' },
    ]);
  });

  it('renders escaped rows', () => {
    const html = renderDiff({ path: '<p>', hunks: [{ lines: [{ kind: '+', text: '<script>' }] }] });
    expect(html).toContain('<tr class="add"><td class="sign">+</td><td>&lt;script&gt;</td></tr>');
    expect(html).toContain('&lt;p&gt;');
  });
});
