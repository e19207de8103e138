import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexRoots } from './roots.js';

const home = path.resolve('/home/someone');

describe('codexRoots', () => {
  it('defaults to ~/.codex', () => {
    expect(codexRoots({}, home)).toEqual([path.join(home, '.codex')]);
    expect(codexRoots({ CODEX_HOME: '  ' }, home)).toEqual([path.join(home, '.codex')]);
  });
  it('uses CODEX_HOME when set', () => {
    expect(codexRoots({ CODEX_HOME: '/x/codex' }, home)).toEqual([path.resolve('/x/codex')]);
    expect(codexRoots({ CODEX_HOME: '~/alt' }, home)).toEqual([path.join(home, 'alt')]);
  });
});
