import { describe, expect, it } from 'vitest';
import { splitTurns } from './transcript-pages.js';

describe('splitTurns', () => {
  it('starts a turn at each top-level prompt and keeps every line once', () => {
    const lines = [
      '# Title',
      '',
      '- **Session:** `a`',
      '',
      '## User',
      '',
      'hi',
      '',
      '## Assistant',
      '',
      'hello',
      '',
      '### User',
      'nested',
      '',
      '## User (rewound branch)',
      'again',
    ];
    const { head, turns } = splitTurns(lines);
    expect(head).toEqual(['# Title', '', '- **Session:** `a`']);
    expect(turns.map((t) => t[1])).toEqual(['## User', '## User (rewound branch)']);
    expect([...head, ...turns.flat()].filter((l) => l !== '')).toEqual(lines.filter((l) => l !== ''));
  });

  it('has no turns without a prompt', () => {
    expect(splitTurns(['# T', '', '## Assistant', 'x'])).toEqual({
      head: ['# T', '', '## Assistant', 'x'],
      turns: [],
    });
  });
});
