import { z } from 'zod';
import { defineTool } from '../../../schemas/common/define-tool.js';

/** The `WebFetch` tool. */
export const webFetchTool = defineTool({
  kind: 'web',
  name: 'WebFetch',
  description: 'Fetches a URL and answers a prompt about its content with a small model.',
  input: z.looseObject({
    url: z.string().describe('URL to fetch'),
    prompt: z.string().describe('What to extract from the page'),
    offset: z.number().optional().describe('Where to resume a long page (2.1.300)'),
  }),
  result: z.looseObject({
    bytes: z.number().describe('Size of the response body'),
    code: z.number().describe('HTTP status code'),
    codeText: z.string().describe('HTTP status text'),
    result: z.string().describe('Answer to the prompt'),
    durationMs: z.number().describe('Fetch and processing time in milliseconds'),
    url: z.string().describe('URL fetched'),
    artifactRead: z.unknown().optional().describe('Set when the URL was a published artifact (2.1.200)'),
  }),
  history: ['2.1.200: result + artifactRead.', '2.1.300: input + offset.'],
});

const searchHit = z
  .looseObject({
    title: z.string().describe('Page title'),
    url: z.string().describe('Page URL'),
    snippet: z.string().optional().describe('Excerpt (2.1.300)'),
  })
  .describe('One search hit');

/** The `WebSearch` tool. */
export const webSearchTool = defineTool({
  kind: 'web',
  name: 'WebSearch',
  description: 'Searches the web (through the API web_search server tool) and returns result links.',
  input: z.looseObject({
    query: z.string().min(2).describe('Search query (at least 2 characters)'),
    allowed_domains: z.array(z.string()).optional().describe('Only return results from these domains'),
    blocked_domains: z.array(z.string()).optional().describe('Never return results from these domains'),
  }),
  result: z.looseObject({
    query: z.string().describe('Query searched'),
    results: z
      .array(
        z
          .union([
            z.looseObject({
              tool_use_id: z.string().describe('Id of the server tool call ("srvtoolu_…")'),
              content: z.array(searchHit).describe('Hits of that search'),
            }),
            z.string().describe('Commentary text between searches'),
            z.null(),
          ])
          .describe('One search, a text, or null (before 2.1.47)'),
      )
      .describe('Searches made and text in between'),
    durationSeconds: z.number().describe('Search time in seconds'),
    searchCount: z.number().optional().describe('Number of searches made (2.1.141)'),
  }),
  history: [
    'Results could contain null before 2.1.47.',
    '2.1.141: result + searchCount.',
    '2.1.300: hits + snippet.',
  ],
});
