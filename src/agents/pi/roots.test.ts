import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPiSessionPath, piRoots } from './roots.js';

const home = path.resolve('/home/someone');

describe('piRoots', () => {
  it('defaults to ~/.pi/agent', () => {
    expect(piRoots({}, home)).toEqual([path.join(home, '.pi', 'agent')]);
  });
  it('uses PI_CODING_AGENT_DIR when set', () => {
    expect(piRoots({ PI_CODING_AGENT_DIR: '/x/pi' }, home)).toEqual([path.resolve('/x/pi')]);
  });
  it('takes <cwd folder>/<file>.jsonl only', () => {
    expect(isPiSessionPath('--home-me-p--/2026-01-01T00-00-00-000Z_0b.jsonl')).toBe(true);
    expect(isPiSessionPath('x.jsonl')).toBe(false);
    expect(isPiSessionPath('--p--/sub/x.jsonl')).toBe(false);
  });
});
