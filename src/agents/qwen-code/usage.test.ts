import { describe, expect, it } from 'vitest';
import { qwenCodeUsage } from './usage.js';

describe('qwenCodeUsage', () => {
  it('takes cached tokens out of the prompt count (Gemini convention: prompt includes cached)', () => {
    expect(
      qwenCodeUsage({
        promptTokenCount: 600,
        candidatesTokenCount: 5,
        cachedContentTokenCount: 50,
        totalTokenCount: 605,
      }),
    ).toMatchObject({
      inputTokens: 550,
      cacheReadTokens: 50,
      outputTokens: 5,
      reasoningTokens: 0,
      cacheWriteTokens: 0,
    });
  });
  it('adds thoughts to output when the total says they were apart (Gemini backend)', () => {
    expect(
      qwenCodeUsage({
        promptTokenCount: 100,
        candidatesTokenCount: 20,
        thoughtsTokenCount: 30,
        totalTokenCount: 150,
      }),
    ).toMatchObject({
      inputTokens: 100,
      outputTokens: 50,
      reasoningTokens: 30,
    });
  });
  it('keeps output as the candidates when they already hold the thoughts (OpenAI-compatible backend)', () => {
    expect(
      qwenCodeUsage({
        promptTokenCount: 100,
        candidatesTokenCount: 50,
        thoughtsTokenCount: 30,
        totalTokenCount: 150,
      }),
    ).toMatchObject({
      outputTokens: 50,
      reasoningTokens: 30,
    });
    expect(
      qwenCodeUsage({ promptTokenCount: 100, candidatesTokenCount: 50, thoughtsTokenCount: 30 }),
    ).toMatchObject({ outputTokens: 50 });
  });
  it('has no usage for an empty usageMetadata', () => {
    expect(qwenCodeUsage({})).toBeUndefined();
    expect(qwenCodeUsage(undefined)).toBeUndefined();
  });
});
