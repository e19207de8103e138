import { defineTool } from '../../../schemas/common/define-tool.js';
import { codexWebSearchActionSchema } from '../schemas/response-item.js';
import { noOutputResult } from './tool-result.js';

export const webSearchTool = defineTool({
  kind: 'web',
  name: 'web_search',
  description: 'Hosted web search (`web_search_call` items); input is the call `action`.',
  input: codexWebSearchActionSchema,
  result: noOutputResult,
  history: ['No output item follows; `web_search_end` events (newer builds) carry the query and results.'],
});
