import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isToolKind } from '../../../schemas/common/tool-kind.js';
import { lookupQwenCodeTool, qwenCodeTools } from './qwen-code-tools.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** `functionCall` name and args of every call in the corpus files (trimmed fixture names left out). */
function corpusCalls(): { name: string; args: unknown }[] {
  const out: { name: string; args: unknown }[] = [];
  for (const file of filesUnder(path.resolve('test/data/corpus-more/qwen-code')))
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean))
      for (const part of (
        JSON.parse(line) as { message?: { parts?: { functionCall?: { name: string; args: unknown } }[] } }
      ).message?.parts ?? [])
        if (part.functionCall && !part.functionCall.name.startsWith('[trimmed')) out.push(part.functionCall);
  return out;
}

describe('the Qwen Code tool registry', () => {
  it('gives every tool a canonical kind and keys it by its own name', () => {
    for (const [name, spec] of Object.entries(qwenCodeTools)) {
      expect(spec.name).toBe(name);
      expect(spec.kind !== undefined && isToolKind(spec.kind)).toBe(true);
      expect(Object.hasOwn(qwenCodeTools, spec.canonical)).toBe(true);
    }
  });
  it('knows every tool the corpus calls, and its inputs parse', () => {
    const calls = corpusCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const lookup = lookupQwenCodeTool(call.name);
      expect(lookup.kind, call.name).toBe('builtin');
      if (lookup.kind === 'builtin')
        expect(lookup.spec.input.safeParse(call.args).success, call.name).toBe(true);
    }
  });
  it('maps legacy names to their successors and MCP names to server and tool', () => {
    expect(lookupQwenCodeTool('task')).toMatchObject({ kind: 'builtin', canonical: 'agent' });
    expect(lookupQwenCodeTool('search_file_content')).toMatchObject({ canonical: 'grep_search' });
    expect(lookupQwenCodeTool('mcp__github__list_issues')).toMatchObject({
      kind: 'mcp',
      server: 'github',
      tool: 'list_issues',
    });
    expect(lookupQwenCodeTool('frobnicate')).toMatchObject({ kind: 'unknown' });
  });
});
