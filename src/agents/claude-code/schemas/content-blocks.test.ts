import { describe, expect, it } from 'vitest';
import { unknownKeys } from '../../../schemas/common/unknown-keys.js';
import {
  type ContentBlock,
  contentBlockSchema,
  isContentBlockOfType,
  isKnownContentBlockType,
  knownContentBlockTypes,
  toolResultBlockSchema,
} from './content-blocks.js';

const pdf = { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' };

/** One realistic block of every known type (API shapes). */
const samples: Record<string, Record<string, unknown>> = {
  text: {
    type: 'text',
    text: 'See the docs.',
    citations: [
      { type: 'char_location', cited_text: 'x', document_index: 0, start_char_index: 0, end_char_index: 1 },
    ],
  },
  thinking: { type: 'thinking', thinking: 'The user wants…', signature: 'EqQBCkgIARABGAIiQ' },
  redacted_thinking: { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
  tool_use: {
    type: 'tool_use',
    id: 'toolu_01',
    name: 'Read',
    input: { file_path: '/a.ts' },
    caller: { type: 'direct' },
  },
  server_tool_use: {
    type: 'server_tool_use',
    id: 'srvtoolu_01',
    name: 'web_search',
    input: { query: 'zod v4' },
  },
  web_search_tool_result: {
    type: 'web_search_tool_result',
    tool_use_id: 'srvtoolu_01',
    content: [
      {
        type: 'web_search_result',
        url: 'https://zod.dev',
        title: 'Zod',
        encrypted_content: 'Eq',
        page_age: null,
      },
    ],
  },
  web_fetch_tool_result: {
    type: 'web_fetch_tool_result',
    tool_use_id: 'srvtoolu_02',
    content: {
      type: 'web_fetch_result',
      url: 'https://zod.dev',
      retrieved_at: '2026-01-01T00:00:00Z',
      content: {},
    },
  },
  code_execution_tool_result: {
    type: 'code_execution_tool_result',
    tool_use_id: 'srvtoolu_03',
    content: { type: 'code_execution_result', stdout: '4\n', stderr: '', return_code: 0, content: [] },
  },
  bash_code_execution_tool_result: {
    type: 'bash_code_execution_tool_result',
    tool_use_id: 'srvtoolu_04',
    content: { type: 'bash_code_execution_tool_result_error', error_code: 'unavailable' },
  },
  text_editor_code_execution_tool_result: {
    type: 'text_editor_code_execution_tool_result',
    tool_use_id: 'srvtoolu_05',
    content: {
      type: 'text_editor_code_execution_view_result',
      file_type: 'text',
      content: 'a',
      num_lines: 1,
    },
  },
  tool_search_tool_result: {
    type: 'tool_search_tool_result',
    tool_use_id: 'srvtoolu_06',
    content: {
      type: 'tool_search_tool_search_result',
      tool_references: [{ type: 'tool_reference', tool_name: 'WebFetch' }],
    },
  },
  advisor_tool_result: {
    type: 'advisor_tool_result',
    tool_use_id: 'srvtoolu_07',
    content: { type: 'advisor_redacted_result', encrypted_content: 'EqQB' },
  },
  mid_conv_system: { type: 'mid_conv_system' },
  mcp_tool_use: { type: 'mcp_tool_use', id: 'mcptoolu_01', name: 'search', server_name: 'docs', input: {} },
  mcp_tool_result: {
    type: 'mcp_tool_result',
    tool_use_id: 'mcptoolu_01',
    is_error: false,
    content: [{ type: 'text', text: 'found' }],
  },
  container_upload: { type: 'container_upload', file_id: 'file_01' },
  compaction: { type: 'compaction', content: 'Summary of the work so far' },
  fallback: { type: 'fallback', from: { model: 'claude-fable-5' }, to: { model: 'claude-opus-4-8' } },
  image: { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
  document: { type: 'document', source: pdf, title: 'spec.pdf', citations: { enabled: true } },
  search_result: {
    type: 'search_result',
    source: 'https://example.com/a',
    title: 'A',
    content: [{ type: 'text', text: 'alpha' }],
  },
  tool_result: {
    type: 'tool_result',
    tool_use_id: 'toolu_01',
    is_error: false,
    content: [
      { type: 'text', text: 'Read 2 pages' },
      { type: 'image', source: { type: 'url', url: 'https://example.com/p1.png' } },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' } },
      { type: 'tool_reference', tool_name: 'NotebookEdit' },
    ],
  },
  tool_reference: { type: 'tool_reference', tool_name: 'NotebookEdit' },
};

describe('contentBlockSchema', () => {
  it('has a sample for every known block type', () => {
    expect(Object.keys(samples).sort()).toEqual([...knownContentBlockTypes].sort());
  });

  it.each(Object.entries(samples))('accepts a %s block and declares all its keys', (_type, block) => {
    expect(contentBlockSchema.safeParse(block).error?.issues).toBeUndefined();
    expect(unknownKeys(contentBlockSchema, block)).toEqual([]);
  });

  it('accepts a block of an unknown type and reports none of its keys', () => {
    const block = { type: 'hologram', frames: [{ x: 1 }] };
    expect(contentBlockSchema.safeParse(block).success).toBe(true);
    expect(unknownKeys(contentBlockSchema, block)).toEqual([]);
    expect(isKnownContentBlockType('hologram')).toBe(false);
    expect(isKnownContentBlockType('tool_use')).toBe(true);
  });

  it('reports an invented field of a known block type', () => {
    const block = { ...samples.tool_use, caller: { type: 'direct', via: 'x' }, shiny: true };
    expect(unknownKeys(contentBlockSchema, block)).toEqual([['caller', 'via'], ['shiny']]);
  });

  it('rejects a known block with a wrongly typed field instead of falling back', () => {
    const result = contentBlockSchema.safeParse({ type: 'thinking', thinking: ['a'], signature: 's' });
    expect(result.error?.issues.map((i) => [i.path, i.code])).toEqual([[['thinking'], 'invalid_type']]);
  });

  it('rejects a block that is not an object or has no string type', () => {
    expect(contentBlockSchema.safeParse('text').error?.issues.map((i) => i.path)).toEqual([[]]);
    expect(contentBlockSchema.safeParse({ type: 3 }).error?.issues.map((i) => i.path)).toEqual([['type']]);
  });

  it('accepts image and document sources of any type, checking the known ones', () => {
    const future = { type: 'image', source: { type: 'hologram', id: 'h1' } };
    expect(contentBlockSchema.safeParse(future).success).toBe(true);
    const broken = { type: 'image', source: { type: 'base64', media_type: 'image/png' } };
    expect(contentBlockSchema.safeParse(broken).error?.issues.map((i) => i.path)).toEqual([
      ['source', 'data'],
    ]);
    const nested = {
      type: 'document',
      source: {
        type: 'content',
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', source: pdf },
        ],
      },
    };
    expect(contentBlockSchema.safeParse(nested).success).toBe(true);
  });

  it('accepts the web search error variant and rejects other content', () => {
    const error = {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_01',
      content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
    };
    expect(contentBlockSchema.safeParse(error).success).toBe(true);
    expect(contentBlockSchema.safeParse({ ...error, content: 'oops' }).success).toBe(false);
  });
});

describe('toolResultBlockSchema', () => {
  it('accepts string, empty and absent content', () => {
    for (const content of ['done', '', undefined]) {
      expect(
        toolResultBlockSchema.safeParse({ type: 'tool_result', tool_use_id: 'toolu_1', content }).success,
      ).toBe(true);
    }
  });

  it('accepts unknown item types inside array content', () => {
    const block = {
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [{ type: 'resource_link', uri: 'x' }],
    };
    expect(toolResultBlockSchema.safeParse(block).success).toBe(true);
  });
});

describe('isContentBlockOfType', () => {
  it('narrows to the named block type', () => {
    const blocks = [samples.text, samples.tool_use, { type: 'hologram' }] as ContentBlock[];
    const names = blocks.filter((b) => isContentBlockOfType(b, 'tool_use')).map((b) => b.name);
    expect(names).toEqual(['Read']);
  });
});
