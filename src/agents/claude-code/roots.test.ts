import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeRoots } from './roots.js';

const home = path.resolve('/home/someone');

describe('claudeCodeRoots', () => {
  it('defaults to ~/.claude and ~/.config/claude', () => {
    expect(claudeCodeRoots({}, home)).toEqual([
      path.join(home, '.claude'),
      path.join(home, '.config', 'claude'),
    ]);
  });
  it('uses every entry of a comma-separated CLAUDE_CONFIG_DIR instead of the defaults', () => {
    const env = { CLAUDE_CONFIG_DIR: ' /a/one , ~/two,,/a/one ' };
    expect(claudeCodeRoots(env, home)).toEqual([path.resolve('/a/one'), path.join(home, 'two')]);
  });
  it('ignores a blank CLAUDE_CONFIG_DIR', () => {
    expect(claudeCodeRoots({ CLAUDE_CONFIG_DIR: ' , ' }, home)).toEqual(claudeCodeRoots({}, home));
  });
  it('resolves relative entries against the working folder', () => {
    expect(claudeCodeRoots({ CLAUDE_CONFIG_DIR: 'rel/dir' }, home)).toEqual([path.resolve('rel/dir')]);
  });
});
