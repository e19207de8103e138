import { describe, expect, it } from 'vitest';
import { unknownKeys } from '../../../schemas/common/unknown-keys.js';
import { usageSchema } from './usage.js';

describe('usageSchema', () => {
  it('accepts a full 2.1.x usage object and declares all its keys', () => {
    const usage = {
      input_tokens: 6,
      cache_creation_input_tokens: 4405,
      cache_read_input_tokens: 11482,
      output_tokens: 183,
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: 'standard',
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 4405 },
      inference_geo: '',
      iterations: [{ type: 'message', model: 'claude-opus-4-8', input_tokens: 6, output_tokens: 183 }],
      speed: 'standard',
      output_tokens_details: { thinking_tokens: 120 },
    };
    expect(usageSchema.safeParse(usage).success).toBe(true);
    expect(unknownKeys(usageSchema, usage)).toEqual([]);
  });

  it('accepts null and absent fields', () => {
    const usage = {
      input_tokens: null,
      cache_creation: null,
      server_tool_use: null,
      service_tier: null,
      iterations: null,
    };
    expect(usageSchema.safeParse(usage).success).toBe(true);
    expect(usageSchema.safeParse({}).success).toBe(true);
  });

  it('rejects wrongly typed counts', () => {
    const result = usageSchema.safeParse({ cache_creation: { ephemeral_5m_input_tokens: '5' } });
    expect(result.error?.issues.map((i) => i.path)).toEqual([
      ['cache_creation', 'ephemeral_5m_input_tokens'],
    ]);
  });
});
