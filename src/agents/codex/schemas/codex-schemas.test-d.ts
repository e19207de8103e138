import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  type CodexIssue,
  type CodexLineKind,
  type DecodedCodexLine,
  decodeCodexLine,
} from '../decode-record.js';
import {
  type CodexToolInput,
  type CodexToolLookup,
  type CodexToolName,
  type CodexToolResult,
  type codexTools,
  getCodexTool,
  lookupCodexTool,
} from '../tools/index.js';
import type { CodexContentItem } from './content-item.js';
import type { CodexEventMsg, KnownCodexEventMsg } from './event-msg.js';
import type { ParsedArguments, ParsedShellOutput } from './parse-tool-io.js';
import { parseCodexArguments, parseCodexToolOutput } from './parse-tool-io.js';
import type { CodexResponseItem, codexResponseItemSchemas, KnownCodexResponseItem } from './response-item.js';
import type { CodexSessionMeta } from './session-meta.js';
import type { CodexTokenCountEvent } from './token-count.js';
import type { CodexTurnContext } from './turn-context.js';

describe('decode-line types', () => {
  it('types the decoded line', () => {
    const decoded = decodeCodexLine({}, 'envelope', { lineIndex: 0 });
    expectTypeOf(decoded).toEqualTypeOf<DecodedCodexLine>();
    expectTypeOf(decoded.kind).toEqualTypeOf<CodexLineKind>();
    expectTypeOf(decoded.subtype).toEqualTypeOf<string | undefined>();
    expectTypeOf(decoded.payload).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(decoded.issues).toEqualTypeOf<CodexIssue[]>();
    expectTypeOf<CodexIssue['path']>().toEqualTypeOf<(string | number)[]>();
    expectTypeOf(decodeCodexLine).parameter(1).toEqualTypeOf<'envelope' | 'full'>();
  });
});

describe('parse-tool-io types', () => {
  it('narrows parsed arguments on ok', () => {
    const parsed = parseCodexArguments('{}');
    expectTypeOf(parsed).toEqualTypeOf<ParsedArguments>();
    if (parsed.ok) expectTypeOf(parsed.value).toBeUnknown();
    else expectTypeOf(parsed.error).toBeString();
    expectTypeOf(parseCodexToolOutput('')).toEqualTypeOf<ParsedShellOutput>();
    expectTypeOf<ParsedShellOutput['format']>().toEqualTypeOf<
      'json' | 'exit-code-text' | 'plain' | 'items'
    >();
    expectTypeOf<ParsedShellOutput['exitCode']>().toEqualTypeOf<number | undefined>();
  });
});

describe('wire types', () => {
  it('infers the response item variants', () => {
    type FunctionCall = Extract<KnownCodexResponseItem, { type: 'function_call' }>;
    expectTypeOf<FunctionCall['call_id']>().toBeString();
    expectTypeOf<FunctionCall['arguments']>().toEqualTypeOf<string | null>();
    type Output = z.output<typeof codexResponseItemSchemas.function_call_output>;
    expectTypeOf<Output['output']>().toExtend<string | unknown[] | Record<string, unknown>>();
    expectTypeOf<KnownCodexResponseItem>().toExtend<CodexResponseItem>();
    expectTypeOf<{ type: 'hologram'; shape: string }>().toExtend<CodexResponseItem>();
  });

  it('keeps open enums completable but open', () => {
    type Role = Extract<KnownCodexResponseItem, { type: 'message' }>['role'];
    expectTypeOf<'assistant'>().toExtend<Role>();
    expectTypeOf<'tool'>().toExtend<Role>();
    expectTypeOf<CodexTurnContext['approval_policy']>().toExtend<string | undefined>();
  });

  it('infers events, token counts, session meta and content items', () => {
    expectTypeOf<KnownCodexEventMsg>().toExtend<CodexEventMsg>();
    expectTypeOf<Extract<KnownCodexEventMsg, { type: 'exec_command_end' }>['exit_code']>().toBeNumber();
    expectTypeOf<CodexTokenCountEvent['info']>().toExtend<object | null | undefined>();
    expectTypeOf<
      NonNullable<CodexTokenCountEvent['info']>['total_token_usage']['total_tokens']
    >().toBeNumber();
    expectTypeOf<CodexSessionMeta['forked_from_id']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Extract<CodexContentItem, { type: 'input_text' }>['text']>().toBeString();
  });
});

describe('tool registry types', () => {
  it('infers tool inputs by name', () => {
    expectTypeOf<CodexToolInput<'shell'>['command']>().toEqualTypeOf<string[]>();
    expectTypeOf<CodexToolInput<'exec_command'>['cmd']>().toBeString();
    expectTypeOf<CodexToolInput<'write_stdin'>['session_id']>().toBeNumber();
    expectTypeOf<CodexToolInput<'apply_patch'>['input']>().toBeString();
    expectTypeOf<CodexToolInput<'update_plan'>['plan'][number]['status']>().toEqualTypeOf<
      'pending' | 'in_progress' | 'completed'
    >();
    expectTypeOf<CodexToolResult<'shell'>>().toEqualTypeOf<z.output<typeof codexTools.shell.result>>();
    expectTypeOf<'shell'>().toExtend<CodexToolName>();
    expectTypeOf<'Bash'>().not.toExtend<CodexToolName>();
  });

  it('types getCodexTool and lookupCodexTool', () => {
    expectTypeOf(getCodexTool('shell')).toEqualTypeOf<typeof codexTools.shell>();
    expectTypeOf(getCodexTool('dynamic')).toExtend<object | undefined>();
    const lookup = lookupCodexTool('x', 'mcp__srv__');
    expectTypeOf(lookup).toEqualTypeOf<CodexToolLookup>();
    if (lookup.kind === 'mcp') expectTypeOf(lookup.server).toBeString();
    if (lookup.kind === 'builtin') expectTypeOf(lookup.name).toEqualTypeOf<CodexToolName>();
    // @ts-expect-error unknown lookups carry no spec
    if (lookup.kind === 'unknown') void lookup.spec;
  });
});
