import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isToolKind } from '../../../schemas/common/tool-kind.js';
import { lookupPiTool, piTools } from './pi-tools.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('the Pi tool registry', () => {
  it('gives every tool a canonical kind', () => {
    for (const [name, spec] of Object.entries(piTools)) {
      expect(spec.name).toBe(name);
      expect(spec.kind !== undefined && isToolKind(spec.kind)).toBe(true);
    }
  });
  it('knows every tool the corpus calls, and its arguments parse', () => {
    let seen = 0;
    for (const file of filesUnder(path.resolve('test/data/corpus-more/pi')))
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
        for (const block of Array.isArray(content)
          ? (content as { type: string; name: string; arguments: unknown }[])
          : []) {
          if (block.type !== 'toolCall') continue;
          seen += 1;
          const lookup = lookupPiTool(block.name);
          expect(lookup.kind, block.name).toBe('builtin');
          if (lookup.kind === 'builtin')
            expect(lookup.spec.input.safeParse(block.arguments).success, block.name).toBe(true);
        }
      }
    expect(seen).toBe(391 + 8 + 2);
  });
});
