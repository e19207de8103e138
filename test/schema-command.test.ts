import { describe, expect, it } from 'vitest';
import { claudeCodeTools } from '../src/agents/claude-code/tools/registry.js';
import { codexTools } from '../src/agents/codex/tools/registry.js';
import { memoryIo } from '../src/cli/output.js';
import { runCli } from '../src/cli/run-cli.js';
import type { JsonSchema } from '../src/definitions/json-schema.js';
import { isValidOpenAIToolName } from '../src/definitions/sanitize-tool-name.js';
import { strictSchemaViolations } from '../src/definitions/strict-schema-violations.js';

async function run(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

interface ListRow {
  name: string;
  canonical: string;
  status: string;
  versions: string;
  strict: boolean;
  reason?: string;
  presence?: string;
}

describe('agentlog schema --list', () => {
  it('lists every Claude Code tool with versions and strict compatibility (and why not)', async () => {
    const { code, out } = await run(['schema', '--list', '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(out) as ListRow[];
    expect(rows.map((row) => row.name)).toEqual(Object.keys(claudeCodeTools));
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Read')).toEqual({
      name: 'Read',
      canonical: 'Read',
      status: 'current',
      versions: 'all known',
      strict: true,
    });
    expect(byName.get('Task')).toMatchObject({
      canonical: 'Agent',
      status: 'deprecated',
      versions: '≤2.1.62',
      strict: true,
    });
    expect(byName.get('TaskCreate')).toMatchObject({
      strict: false,
      reason: '"metadata" is a map (record) with free-form keys.',
    });
    for (const row of rows) expect(row.strict || typeof row.reason === 'string', row.name).toBe(true);
  });

  it('prints a table, and presence in a version with --agent-version', async () => {
    const table = await run(['schema', '--list']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/why not strict/);
    expect(table.out).toMatch(/\d+ tools, \d+ can be OpenAI strict\./);
    const { out } = await run(['schema', '--list', '--json', '--agent-version', '1.0.30']);
    const rows = JSON.parse(out) as ListRow[];
    expect(rows.find((row) => row.name === 'Agent')?.presence).toBe('no');
    expect(rows.find((row) => row.name === 'Task')?.presence).toBe('yes');
  });

  it('lists Codex tools with --agent codex', async () => {
    const { code, out } = await run(['schema', '--list', '--json', '--agent', 'codex']);
    expect(code).toBe(0);
    expect((JSON.parse(out) as ListRow[]).map((row) => row.name)).toEqual(Object.keys(codexTools));
  });
});

describe('agentlog schema TOOL', () => {
  it('prints the JSON Schema of the input by default, and of the result with --part result', async () => {
    const input = await run(['schema', 'Read']);
    expect(input.code).toBe(0);
    expect(JSON.parse(input.out)).toMatchObject({ type: 'object', required: ['file_path'] });
    const result = await run(['schema', 'Read', '--part', 'result']);
    expect((JSON.parse(result.out) as JsonSchema).oneOf).toHaveLength(6);
  });

  it('prints Anthropic and OpenAI (chat and responses, strict or not) definitions', async () => {
    const anthropic = JSON.parse((await run(['schema', 'Edit', '--format', 'anthropic'])).out);
    expect(anthropic).toMatchObject({ name: 'Edit', input_schema: { type: 'object' } });
    const chat = JSON.parse(
      (await run(['schema', 'Edit', '--format', 'openai-strict', '--api', 'chat'])).out,
    );
    expect(chat).toMatchObject({ type: 'function', function: { name: 'Edit', strict: true } });
    expect(strictSchemaViolations(chat.function.parameters)).toEqual([]);
    const responses = JSON.parse((await run(['schema', 'Edit', '--format', 'openai'])).out);
    expect(responses).toMatchObject({ type: 'function', name: 'Edit', strict: false });
    expect(responses.parameters.required).toEqual(['file_path', 'old_string', 'new_string']);
  });

  it('says on stderr why a tool asked for strict is not strict', async () => {
    const { code, out, err } = await run(['schema', 'Skill', '--format', 'openai-strict']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ name: 'Skill', strict: false });
    expect(err).toBe(
      'note: "Skill" is not strict: The input is a union of 2 argument shapes; strict mode needs one object at the root.\n',
    );
  });

  it('prints TypeScript declarations', async () => {
    const { code, out } = await run(['schema', 'Glob', '--format', 'typescript']);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        `/** ${claudeCodeTools.Glob.description} */`,
        'export interface GlobInput {',
        '  /** Glob pattern such as "**\\/*.ts" */',
        '  pattern: string;',
        '  /** Directory to search (default: working directory) */',
        '  path?: string;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('narrows the input to an agent version, and refuses tools that did not exist then', async () => {
    const task = await run(['schema', 'Task', '--version', '1.0.30']);
    expect(task.code).toBe(0);
    expect(Object.keys((JSON.parse(task.out) as JsonSchema).properties ?? {})).toEqual([
      'description',
      'prompt',
    ]);
    expect(task.err).toMatch(/^note: input fields not in Claude Code 1\.0\.30: subagent_type, model, /);
    const agent = await run(['schema', 'Agent', '--agent-version', '1.0.30']);
    expect(agent).toEqual({
      code: 1,
      out: '',
      err: 'error: Tool "Agent" does not exist in Claude Code 1.0.30 (known in 2.1.63+).\n',
    });
    const unsure = await run(['schema', 'SlashCommand', '--agent-version', '2.0.30']);
    expect(unsure.code).toBe(0);
    expect(unsure.err).toMatch(/^warning: "SlashCommand" may not exist in Claude Code 2\.0\.30/);
  });

  it('fails on unknown tools with the closest names, and on bad options with usage errors', async () => {
    expect(await run(['schema', 'Reed'])).toEqual({
      code: 1,
      out: '',
      err: 'error: Unknown Claude Code tool "Reed". Did you mean "Read", "REPL"?\n',
    });
    expect((await run(['schema', 'Read', '--agent', 'codex'])).err).toMatch(
      /^error: Unknown Codex tool "Read"\./,
    );
    expect((await run(['schema', 'Read', '--agent-version', 'new'])).code).toBe(2);
    expect((await run(['schema', 'Read', '--format', 'yaml'])).code).toBe(2);
    expect((await run(['schema', 'Read', '--format', 'anthropic', '--part', 'result'])).code).toBe(2);
    expect((await run(['schema', 'Read', '--list'])).code).toBe(2);
  });
});

describe('agentlog schema (every tool)', () => {
  it('prints every tool as OpenAI tools with distinct, valid names', async () => {
    const { code, out } = await run(['schema', '--format', 'openai-strict', '--api', 'chat']);
    expect(code).toBe(0);
    const tools = JSON.parse(out) as {
      function: { name: string; strict: boolean; parameters: JsonSchema };
    }[];
    expect(tools).toHaveLength(Object.keys(claudeCodeTools).length);
    const names = tools.map((tool) => tool.function.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of tools) {
      expect(isValidOpenAIToolName(tool.function.name)).toBe(true);
      if (tool.function.strict)
        expect(strictSchemaViolations(tool.function.parameters), tool.function.name).toEqual([]);
    }
  });

  it('keeps only the tools of a version, and gives unique TypeScript names', async () => {
    const { out } = await run(['schema', '--format', 'anthropic', '--agent-version', '1.0.30']);
    const names = (JSON.parse(out) as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain('Task');
    expect(names).toContain('LS');
    expect(names).not.toContain('Agent');
    expect(names).not.toContain('TaskCreate');
    const ts = await run(['schema', '--format', 'typescript']);
    const declared = [...ts.out.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
    expect(declared).toContain('ExitPlanModeInput');
    expect(declared).toContain('ExitPlanModeInput2');
    expect(new Set(declared).size).toBe(declared.length);
  });
});

describe('agentlog --version', () => {
  it('prints the package version only as the sole argument', async () => {
    const { out } = await run(['--version']);
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
