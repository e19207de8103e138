import { describe, expect, it } from 'vitest';
import { sessionOf } from '../../test/session-fixtures.js';
import type { Session } from '../model/session.js';
import { transcriptMarkdown } from './transcript-markdown.js';

const location = { file: '/logs/s.jsonl', line: 1 };

function session(): Session {
  return sessionOf({
    id: 's1',
    files: ['/logs/s.jsonl'],
    versions: ['2.1.0'],
    title: 'Fix the build',
    messages: [
      { id: 'm1', role: 'user', kind: 'prompt', parts: [{ type: 'text', text: '# Goal\nFix it' }], location },
      {
        id: 'm2',
        role: 'assistant',
        kind: 'response',
        parts: [
          { type: 'text', text: '## Plan\n```md\n# not a heading\n```' },
          { type: 'tool_call', callId: 'c1' },
        ],
        location,
      },
    ],
    toolCalls: [
      {
        id: 'c1',
        name: 'Bash',
        canonicalName: 'Bash',
        kind: 'builtin',
        input: { command: 'echo ```done```' },
        result: { text: 'boom\n```', content: 'boom', isError: true, location },
        status: 'error',
        durationMs: 1500,
        sessionId: 's1',
        location,
      },
    ],
  });
}

describe('transcriptMarkdown', () => {
  it('nests the messages’ headings under its own and leaves fenced code alone', () => {
    const text = [...transcriptMarkdown(session(), 'user')].join('\n');
    expect(text).toContain('## User\n\n### Goal\nFix it');
    expect(text).toContain('## Assistant\n\n#### Plan\n```md\n# not a heading\n```');
    expect(text).toContain('_Bash ×1 (1 not ok)_');
  });

  it('shows each call in one line (minimal) or with input and result in longer fences (full)', () => {
    const minimal = [...transcriptMarkdown(session(), 'minimal')].join('\n');
    expect(minimal).toContain('- **Bash** ```` echo ```done``` ````: error, 1.5s\n  - boom ```');
    const full = [...transcriptMarkdown(session(), 'full')].join('\n');
    expect(full).toContain('  ````\n  boom\n  ```\n  ````');
  });
});
