import { describe, expect, it } from 'vitest';
import { lookupCodexTool } from './lookup-tool.js';
import { splitMcpToolName } from './mcp-tool.js';
import { codexToolNames, codexTools, getCodexTool, isCodexToolName } from './registry.js';

describe('codexTools', () => {
  it('keys each spec by its own name, and points canonical names at registered tools', () => {
    for (const [key, spec] of Object.entries(codexTools)) {
      expect(spec.name).toBe(key);
      expect(isCodexToolName(spec.canonical)).toBe(true);
    }
  });

  it('has the tools of spec 4.8 and of the corpus', () => {
    const required = [
      ...[
        'shell',
        'shell_command',
        'container.exec',
        'local_shell',
        'exec_command',
        'write_stdin',
        'apply_patch',
      ],
      ...[
        'update_plan',
        'view_image',
        'web_search',
        'read_file',
        'list_dir',
        'grep_files',
        'list_mcp_resources',
      ],
      ...[
        'list_mcp_resource_templates',
        'read_mcp_resource',
        'spawn_agent',
        'send_input',
        'wait',
        'close_agent',
      ],
    ];
    expect(required.filter((name) => !codexToolNames.includes(name as never))).toEqual([]);
  });

  it('gets a spec by name', () => {
    expect(getCodexTool('exec_command')?.name).toBe('exec_command');
    expect(getCodexTool('container.exec')?.canonical).toBe('shell');
    expect(getCodexTool('toString')).toBeUndefined();
    expect(getCodexTool('Bash')).toBeUndefined();
  });
});

describe('lookupCodexTool', () => {
  it('resolves built-ins, also inside a non-MCP namespace', () => {
    expect(lookupCodexTool('shell')).toMatchObject({ kind: 'builtin', name: 'shell', canonical: 'shell' });
    expect(lookupCodexTool('wait', 'multi_agent_v1')).toMatchObject({
      kind: 'builtin',
      canonical: 'wait_agent',
    });
    expect(lookupCodexTool('apply_patch', null)).toMatchObject({ kind: 'builtin' });
  });

  it('resolves MCP tools in all three naming forms', () => {
    expect(lookupCodexTool('mcp__playwright__browser_navigate')).toMatchObject({
      kind: 'mcp',
      server: 'playwright',
      tool: 'browser_navigate',
      canonical: 'mcp__playwright__browser_navigate',
    });
    expect(lookupCodexTool('js', 'mcp__node_repl__')).toMatchObject({
      kind: 'mcp',
      server: 'node_repl',
      tool: 'js',
    });
    // A namespaced MCP tool may share a built-in's name.
    expect(lookupCodexTool('shell', 'mcp__sandbox__')).toMatchObject({
      kind: 'mcp',
      server: 'sandbox',
      tool: 'shell',
    });
    expect(lookupCodexTool('github__create_issue', 'github')).toMatchObject({
      kind: 'mcp',
      server: 'github',
      tool: 'create_issue',
    });
    expect(lookupCodexTool('github__create_issue', undefined, { mcpServers: ['github'] })).toMatchObject({
      kind: 'mcp',
      server: 'github',
    });
  });

  it('gives the MCP spec, which takes any arguments object', () => {
    const lookup = lookupCodexTool('mcp__fs__read');
    expect(lookup.kind).toBe('mcp');
    if (lookup.kind !== 'mcp') return;
    expect(lookup.spec.input.safeParse({ path: '/x', depth: 2 }).success).toBe(true);
    expect(lookup.spec.input.safeParse('text').success).toBe(false);
  });

  it('reads the older server__tool names of rollouts without the mcp__ prefix as MCP calls', () => {
    expect(lookupCodexTool('memory__create_entities')).toMatchObject({
      kind: 'mcp',
      server: 'memory',
      tool: 'create_entities',
    });
    expect(lookupCodexTool('context7__get-library-docs')).toMatchObject({
      kind: 'mcp',
      server: 'context7',
      tool: 'get-library-docs',
    });
    // In a namespace of dynamic tools, only a known server makes it MCP.
    expect(lookupCodexTool('github__create_issue', 'codex_app').kind).toBe('unknown');
  });

  it('leaves everything else unknown', () => {
    expect(lookupCodexTool('__tool').kind).toBe('unknown');
    expect(lookupCodexTool('tool__').kind).toBe('unknown');
    expect(lookupCodexTool('automation_update', 'codex_app').kind).toBe('unknown');
    expect(lookupCodexTool('Bash').kind).toBe('unknown');
    expect(lookupCodexTool('').kind).toBe('unknown');
  });
});

describe('splitMcpToolName', () => {
  it('splits at the first "__" after the prefix, like Codex', () => {
    expect(splitMcpToolName('mcp__my_server__do__thing')).toEqual({ server: 'my_server', tool: 'do__thing' });
    expect(splitMcpToolName('mcp__server')).toBeUndefined();
    expect(splitMcpToolName('__tool', 'x')).toBeUndefined();
    expect(splitMcpToolName('srv__', 'srv')).toBeUndefined();
    expect(splitMcpToolName('tool', 'mcp__srv')).toEqual({ server: 'srv', tool: 'tool' });
  });
});
