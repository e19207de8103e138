import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalClaudeCodeToolName,
  claudeCodeTools,
  getClaudeCodeTool,
  isClaudeCodeTool,
  lookupClaudeCodeTool,
  mcpToolSpec,
} from './index.js';

const entries = Object.entries(claudeCodeTools);

/** Paths of object properties without a `description` in a JSON Schema. */
function undescribedProperties(schema: unknown, at: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [key, property] of Object.entries(properties ?? {})) {
    if (typeof property.description !== 'string' || property.description === '') found.push(`${at}.${key}`);
    found.push(...undescribedProperties(property, `${at}.${key}`));
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    found.push(...undescribedProperties(node[key], `${at}[]`));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = node[key];
    if (Array.isArray(options)) found.push(...options.flatMap((option) => undescribedProperties(option, at)));
  }
  return found;
}

describe('claudeCodeTools', () => {
  it('has a description check that catches undescribed properties, nested ones included', () => {
    const schema = z.looseObject({
      a: z.string(),
      b: z.looseObject({ c: z.array(z.looseObject({ d: z.number() })) }).describe('B'),
    });
    expect(undescribedProperties(z.toJSONSchema(schema), 'x')).toEqual(['x.a', 'x.b.c', 'x.b.c[].d']);
  });

  it.each(entries)('%s is keyed by its own name and has a description', (key, spec) => {
    expect(spec.name).toBe(key);
    expect(spec.description.trim()).not.toBe('');
  });

  it.each(entries)('%s has a canonical name that resolves to a registry entry', (_key, spec) => {
    const canonical = getClaudeCodeTool(spec.canonical);
    expect(canonical?.name).toBe(spec.canonical);
    expect(canonical?.canonical).toBe(spec.canonical);
  });

  it.each(entries)('%s has aliases that resolve into the same lineage', (_key, spec) => {
    for (const alias of spec.aliases) {
      expect(alias).not.toBe(spec.name);
      expect(getClaudeCodeTool(alias)?.canonical).toBe(spec.canonical);
    }
  });

  it('lets no alias be claimed by two entries', () => {
    const claims = entries.flatMap(([key, spec]) => spec.aliases.map((alias) => `${alias} <- ${key}`));
    const aliases = claims.map((claim) => claim.split(' <- ')[0]);
    expect(new Set(aliases).size, claims.join(', ')).toBe(aliases.length);
  });

  it.each(entries)('%s describes every property of its input and result JSON Schemas', (_key, spec) => {
    const input = z.toJSONSchema(spec.input, { io: 'input', unrepresentable: 'any' });
    const result = z.toJSONSchema(spec.result, { io: 'output', unrepresentable: 'any' });
    expect([...undescribedProperties(input, 'input'), ...undescribedProperties(result, 'result')]).toEqual(
      [],
    );
  });

  it.each(entries)('%s uses loose objects, so unknown keys survive', (_key, spec) => {
    for (const schema of [spec.input, spec.result]) {
      const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
      expect(json).not.toContain('"additionalProperties":false');
    }
  });

  it.each(entries)('%s has versions only in the documented form and a valid status', (_key, spec) => {
    for (const version of [spec.firstVersion, spec.lastVersion]) {
      if (version !== undefined) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    }
    expect(['current', 'deprecated', 'removed', 'internal']).toContain(spec.status);
  });
});

describe('claudeCodeTools coverage', () => {
  it('has an entry for every tool name of the spec (section 3.1)', () => {
    const names = [
      ...['Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'NotebookRead', 'LS', 'Glob', 'Grep'],
      ...['Bash', 'PowerShell', 'BashOutput', 'KillBash', 'KillShell', 'TaskStop', 'AgentOutputTool'],
      ...['TaskOutput', 'Monitor', 'REPL', 'Task', 'Agent', 'TodoWrite', 'TodoRead', 'TaskCreate', 'TaskGet'],
      ...['TaskUpdate', 'TaskList', 'EnterPlanMode', 'ExitPlanMode', 'exit_plan_mode', 'AskUserQuestion'],
      ...['Teammate', 'TeamCreate', 'TeamDelete', 'SendMessage', 'SendUserMessage', 'Brief', 'Workflow'],
      ...[
        'StructuredOutput',
        'WebFetch',
        'WebSearch',
        'SlashCommand',
        'Skill',
        'LSP',
        'MCPSearch',
        'ToolSearch',
      ],
      ...[
        'ListMcpResourcesTool',
        'ReadMcpResourceTool',
        'ReadMcpResourceDirTool',
        'RefreshMcpTools',
        'Config',
      ],
      ...['EnterWorktree', 'ExitWorktree', 'CronCreate', 'CronDelete', 'CronList', 'ScheduleWakeup'],
      ...['PushNotification', 'RemoteTrigger', 'ReportFindings', 'SendFeedback', 'propose_skills', 'SetGoal'],
      ...['ReadNotifications', 'OfferChromeSetup', 'ShowOnboardingRolePicker', 'ClaudeDesign', 'Projects'],
      ...[
        'Artifact',
        'EndConversation',
        'ListAgents',
        'SendUserFile',
        'SubagentHandback',
        'WaitForMcpServers',
      ],
      ...['ShareOnboardingGuide', 'TimeMachine', 'SubscribeMcpResource', 'UnsubscribeMcpResource'],
      ...['SubscribePolling', 'UnsubscribePolling'],
    ];
    expect(names.filter((name) => !Object.hasOwn(claudeCodeTools, name))).toEqual([]);
    expect(entries.length).toBe(names.length);
  });

  it.each([
    ['Task', 'Agent'],
    ['KillShell', 'KillBash'],
    ['MCPSearch', 'ToolSearch'],
    ['exit_plan_mode', 'ExitPlanMode'],
    ['Brief', 'SendUserMessage'],
  ] as const)('shares the schemas of %s and %s', (older, newer) => {
    expect(claudeCodeTools[older].input).toBe(claudeCodeTools[newer].input);
    expect(claudeCodeTools[older].result).toBe(claudeCodeTools[newer].result);
  });
});

describe('canonicalClaudeCodeToolName', () => {
  it.each([
    ['Task', 'Agent'],
    ['Agent', 'Agent'],
    ['KillShell', 'TaskStop'],
    ['KillBash', 'TaskStop'],
    ['BashOutput', 'TaskOutput'],
    ['AgentOutputTool', 'TaskOutput'],
    ['BashOutputTool', 'TaskOutput'],
    ['SlashCommand', 'Skill'],
    ['MCPSearch', 'ToolSearch'],
    ['exit_plan_mode', 'ExitPlanMode'],
    ['Brief', 'SendUserMessage'],
    ['View', 'Read'],
    ['LSTool', 'LS'],
    ['Bash', 'Bash'],
    ['mcp__github__create_issue', 'mcp__github__create_issue'],
    ['NoSuchTool', 'NoSuchTool'],
  ])('maps "%s" to "%s"', (name, canonical) => {
    expect(canonicalClaudeCodeToolName(name)).toBe(canonical);
  });
});

describe('getClaudeCodeTool', () => {
  it('prefers the exact registry entry over an alias', () => {
    expect(getClaudeCodeTool('Task')?.name).toBe('Task');
    expect(getClaudeCodeTool('KillShell')?.name).toBe('KillShell');
  });

  it('resolves an alias that has no entry of its own to the entry that claims it', () => {
    expect(getClaudeCodeTool('MultipleChoiceQuestionInput')?.name).toBe('AskUserQuestion');
  });

  it('does not resolve inherited object keys or different casing', () => {
    expect(getClaudeCodeTool('constructor')).toBeUndefined();
    expect(getClaudeCodeTool('toString')).toBeUndefined();
    expect(getClaudeCodeTool('bash')).toBeUndefined();
    expect(isClaudeCodeTool('bash')).toBe(false);
    expect(isClaudeCodeTool('Bash')).toBe(true);
  });
});

describe('lookupClaudeCodeTool', () => {
  it('finds built-in tools, MCP tools and unknown names', () => {
    expect(lookupClaudeCodeTool('Read')).toEqual({ kind: 'builtin', spec: claudeCodeTools.Read });
    expect(lookupClaudeCodeTool('mcp__plugin_linear_linear__get_issue')).toEqual({
      kind: 'mcp',
      spec: mcpToolSpec,
      server: 'plugin_linear_linear',
      tool: 'get_issue',
    });
    expect(lookupClaudeCodeTool('FailingTool')).toEqual({ kind: 'unknown', name: 'FailingTool' });
  });

  it('treats "mcp__" names without a tool part as unknown', () => {
    expect(lookupClaudeCodeTool('mcp__github').kind).toBe('unknown');
  });
});

describe('mcpToolSpec', () => {
  it.each([
    ['a string', 'done'],
    [
      'content blocks',
      [
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    ],
    ['structured content', { issues: [{ id: 1 }] }],
  ])('accepts %s as a result', (_label, result) => {
    expect(mcpToolSpec.result.safeParse(result).success).toBe(true);
  });

  it('rejects content blocks without a type and non-object input', () => {
    expect(mcpToolSpec.result.safeParse([{ text: 'hi' }]).success).toBe(false);
    expect(mcpToolSpec.input.safeParse('query').success).toBe(false);
  });
});
