import { describe, expect, it } from 'vitest';
import { validateToolInput, validateToolResult } from './index.js';

const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: null, service_tier: null };
const hunk = { oldStart: 1, oldLines: 1, newStart: 1, newLines: 2, lines: [' a', '+b'] };

describe('validateToolInput', () => {
  it.each([
    ['Bash', { command: 'ls', description: 'List files', timeout: 1000, run_in_background: false }],
    ['Read', { file_path: '/a.pdf', pages: '1-5' }],
    ['Grep', { pattern: 'TODO', include: '*.ts' }],
    ['Grep', { pattern: 'TODO', output_mode: 'content', '-n': true, '-C': 2, head_limit: 5 }],
    ['TodoWrite', { todos: [{ content: 'Plan', status: 'pending', priority: 'high', id: '1' }] }],
    ['TodoWrite', { todos: [{ content: 'Plan', status: 'in_progress', activeForm: 'Planning' }] }],
    ['Task', { description: 'Explore', prompt: 'Look around' }],
    [
      'Agent',
      { description: 'Explore', prompt: 'Look around', subagent_type: 'Explore', isolation: 'worktree' },
    ],
    ['Skill', { command: 'pdf' }],
    ['Skill', { skill: 'pdf', args: 'report.pdf' }],
    ['LSP', { operation: 'hover', filePath: '/a.ts', line: 0, character: 0 }],
    ['TaskUpdate', { taskId: '1', status: 'resolved' }],
    ['SendMessage', { type: 'broadcast', content: 'Stop', summary: 'stop' }],
    ['SendMessage', { to: 'alice', message: { type: 'shutdown_request' } }],
    ['ExitPlanMode', {}],
    ['exit_plan_mode', { plan: '1. Do it' }],
    ['AskUserQuestion', { question: 'Which one?' }],
    ['TaskStop', { shell_id: 'abc123' }],
    ['EnterPlanMode', { unexpected: true }],
    ['mcp__github__create_issue', { title: 'Bug', labels: ['x'] }],
  ])('accepts a %s input seen in some version', (name, input) => {
    expect(validateToolInput(name, input)).toEqual([]);
  });

  it('reports a missing required field with its path', () => {
    expect(validateToolInput('Bash', { description: 'No command' })).toEqual([
      {
        part: 'input',
        path: ['command'],
        message: 'Invalid input: expected string, received undefined',
        code: 'invalid_type',
      },
    ]);
  });

  it('reports an enum value no version accepts', () => {
    const issues = validateToolInput('Grep', { pattern: 'x', output_mode: 'lines' });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([[['output_mode'], 'invalid_value']]);
  });

  it('reports AskUserQuestion inputs outside the documented bounds', () => {
    const question = {
      question: 'Q?',
      header: 'Q',
      options: [{ label: 'A', description: 'a' }],
      multiSelect: false,
    };
    const issues = validateToolInput('AskUserQuestion', { questions: [question] });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([
      [['questions', 0, 'options'], 'too_small'],
    ]);
  });

  it('reports an unknown tool name', () => {
    expect(validateToolInput('bash', { command: 'ls' })).toEqual([
      { part: 'input', path: [], message: 'Unknown tool "bash"', code: 'unknown_tool' },
    ]);
  });

  it('rejects an MCP input that is not an object', () => {
    expect(validateToolInput('mcp__s__t', 'text').map((issue) => issue.code)).toEqual(['invalid_type']);
  });
});

describe('validateToolResult', () => {
  it.each([
    ['Bash', 'User rejected tool use'],
    ['Edit', 'Error: File has not been read yet. Read it first before writing to it.'],
    ['Task', 'InputValidationError: [...]'],
    ['mcp__s__t', 'plain text output'],
  ])('accepts the string result of a failed %s call', (name, result) => {
    expect(validateToolResult(name, result)).toEqual([]);
  });

  it.each([
    ['Write', { type: 'create', filePath: '/a', content: 'x', structuredPatch: [], originalFile: null }],
    ['Write', { type: 'update', filePath: '/a', content: 'x', structuredPatch: [hunk] }],
    [
      'Edit',
      {
        filePath: '/a',
        oldString: 'a',
        newString: 'b',
        originalFile: null,
        structuredPatch: [hunk],
        userModified: false,
        replaceAll: false,
      },
    ],
    [
      'Read',
      {
        type: 'image',
        file: { base64: 'AAAA', type: 'image/png', originalSize: 3, dimensions: { displayWidth: 10 } },
      },
    ],
    ['Read', { type: 'file_unchanged', file: { filePath: '/a' } }],
    [
      'WebSearch',
      {
        query: 'zod',
        results: [
          null,
          'Searching…',
          { tool_use_id: 'srvtoolu_1', content: [{ title: 'Zod', url: 'https://zod.dev' }] },
        ],
        durationSeconds: 1.5,
      },
    ],
    [
      'TodoWrite',
      {
        oldTodos: [],
        newTodos: [{ content: 'Plan', status: 'pending', priority: 'medium', id: '1' }],
      },
    ],
    ['TaskGet', { task: { id: '1', subject: 'S', description: 'D', status: 'open', comments: [] } }],
    ['TaskGet', { task: null }],
    ['Skill', { success: true, commandName: 'pdf', status: 'forked', agentId: 'a1', result: 'done' }],
    ['Skill', { success: true, commandName: 'pdf', allowedTools: ['Read'] }],
    [
      'Task',
      {
        content: [{ type: 'text', text: 'Report' }],
        totalToolUseCount: 1,
        totalDurationMs: 2,
        totalTokens: 3,
        usage,
      },
    ],
    [
      'Agent',
      {
        status: 'completed',
        agentId: 'a1',
        prompt: 'p',
        content: [{ type: 'text', text: 'Report' }],
        totalToolUseCount: 1,
        totalDurationMs: 2,
        totalTokens: 3,
        usage,
      },
    ],
    ['Agent', { status: 'async_launched', agentId: 'a1', description: 'd', prompt: 'p', outputFile: '/o' }],
    ['Agent', { status: 'teammate_spawned', agent_id: 'worker@team', name: 'worker' }],
    ['ListMcpResourcesTool', [{ uri: 'file:///a', name: 'a', server: 's' }]],
    ['mcp__s__t', [{ type: 'text', text: 'hi' }]],
    ['mcp__s__t', { structured: true }],
  ])('accepts a %s result seen in some version', (name, result) => {
    expect(validateToolResult(name, result)).toEqual([]);
  });

  it('reports a Read result of an unknown type at the discriminator', () => {
    const issues = validateToolResult('Read', { type: 'video', file: {} });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([[['type'], 'invalid_union']]);
  });

  it('reports an Agent result through the variant its status names', () => {
    const issues = validateToolResult('Agent', { status: 'completed', agentId: 'a1', prompt: 'p', usage });
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'content',
      'totalToolUseCount',
      'totalDurationMs',
      'totalTokens',
    ]);
  });

  it('reports a legacy Task result through the legacy variant', () => {
    const issues = validateToolResult('Task', { content: [{ type: 'text', text: 'r' }], usage });
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'totalToolUseCount',
      'totalDurationMs',
      'totalTokens',
    ]);
  });

  it('reports nested problems with their full path', () => {
    const issues = validateToolResult('Glob', {
      durationMs: 1,
      numFiles: 1,
      filenames: ['/a', 2],
      truncated: false,
    });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([[['filenames', 1], 'invalid_type']]);
  });

  it('reports an unknown tool name', () => {
    expect(validateToolResult('FailingTool', {})).toEqual([
      { part: 'result', path: [], message: 'Unknown tool "FailingTool"', code: 'unknown_tool' },
    ]);
  });
});
