import { describe, expect, it } from 'vitest';
import { toolKinds } from '../../../schemas/common/tool-kind.js';
import { copilotToolNames, copilotTools } from './copilot-tools.js';
import { lookupCopilotTool, splitCopilotMcpName } from './lookup-copilot-tool.js';

describe('the Copilot CLI tool registry', () => {
  it('gives every tool a canonical kind and a registry key equal to its name', () => {
    for (const name of copilotToolNames) {
      const spec = copilotTools[name];
      expect(spec.name).toBe(name);
      expect(spec.kind && (toolKinds as readonly string[]).includes(spec.kind)).toBe(true);
    }
  });

  it('classifies the tools of the logs by kind', () => {
    const kindOf = (name: string) => {
      const lookup = lookupCopilotTool(name);
      return lookup.kind === 'builtin' ? lookup.spec.kind : lookup.kind;
    };
    expect(kindOf('bash')).toBe('shell');
    expect(kindOf('read_bash')).toBe('shell');
    expect(kindOf('view')).toBe('read');
    expect(kindOf('create')).toBe('write');
    expect(kindOf('edit')).toBe('edit');
    expect(kindOf('str_replace_editor')).toBe('edit');
    expect(kindOf('grep')).toBe('search');
    expect(kindOf('glob')).toBe('search');
    expect(kindOf('web_fetch')).toBe('web');
    expect(kindOf('task')).toBe('subagent');
    expect(kindOf('update_todo')).toBe('plan');
    expect(kindOf('github-mcp-server-search_code')).toBe('mcp');
    expect(kindOf('made_up_tool')).toBe('unknown');
  });

  it('types the inputs the logs carry', () => {
    expect(
      copilotTools.bash.input.safeParse({ command: 'ls', description: 'd', mode: 'async', shellId: 'x' })
        .success,
    ).toBe(true);
    expect(copilotTools.bash.input.safeParse({ description: 'no command' }).success).toBe(false);
    expect(copilotTools.edit.input.safeParse({ path: '/a', old_str: 'x', new_str: 'y' }).success).toBe(true);
    expect(
      copilotTools.task.input.safeParse({ agent_type: 'explore', prompt: 'p', mode: 'sync' }).success,
    ).toBe(true);
    expect(copilotTools.apply_patch.input.safeParse('*** Begin Patch').success).toBe(true);
  });
});

describe('splitCopilotMcpName', () => {
  it('splits the built-in GitHub server, server/tool lists and other hyphenated names', () => {
    expect(splitCopilotMcpName('github-mcp-server-get_file_contents')).toEqual({
      server: 'github-mcp-server',
      tool: 'get_file_contents',
    });
    expect(splitCopilotMcpName('bluebird/code_search')).toEqual({ server: 'bluebird', tool: 'code_search' });
    expect(splitCopilotMcpName('my-server-do_thing', ['my-server'])).toEqual({
      server: 'my-server',
      tool: 'do_thing',
    });
    expect(splitCopilotMcpName('context7-get_docs')).toEqual({ server: 'context7', tool: 'get_docs' });
    expect(splitCopilotMcpName('plain_name')).toBeUndefined();
  });
});
