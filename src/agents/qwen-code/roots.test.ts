import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isQwenCodeChatPath, qwenCodeRoots } from './roots.js';

const home = path.resolve('/home/someone');

describe('qwenCodeRoots', () => {
  it('defaults to ~/.qwen', () => {
    expect(qwenCodeRoots({}, home)).toEqual([path.join(home, '.qwen')]);
    expect(qwenCodeRoots({ QWEN_RUNTIME_DIR: ' ' }, home)).toEqual([path.join(home, '.qwen')]);
  });
  it('puts QWEN_RUNTIME_DIR first and keeps ~/.qwen', () => {
    expect(qwenCodeRoots({ QWEN_RUNTIME_DIR: '~/rt' }, home)).toEqual([
      path.join(home, 'rt'),
      path.join(home, '.qwen'),
    ]);
  });
  it('takes chat files and archived chats, not sidecars or other files', () => {
    expect(isQwenCodeChatPath('-tmp-x/chats/abc.jsonl')).toBe(true);
    expect(isQwenCodeChatPath('-tmp-x/chats/archive/abc.jsonl')).toBe(true);
    expect(isQwenCodeChatPath('-tmp-x/chats/abc.runtime.json')).toBe(false);
    expect(isQwenCodeChatPath('-tmp-x/memory/abc.jsonl')).toBe(false);
    expect(isQwenCodeChatPath('abc.jsonl')).toBe(false);
  });
});
