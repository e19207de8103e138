import { describe, expectTypeOf, it } from 'vitest';
import type { DecodedRecord } from '../../decode-record.js';
import type {
  ContentBlock,
  ImageBlock,
  TextBlock,
  ThinkingBlock,
  ToolReferenceBlock,
  ToolResultBlock,
  ToolUseBlock,
  UnknownContentBlock,
} from '../content-blocks.js';
import { isContentBlockOfType } from '../content-blocks.js';
import type { Usage } from '../usage.js';
import type {
  AssistantRecord,
  AttachmentRecord,
  ClaudeCodeRecord,
  ClaudeCodeRecordType,
  CompactMetadata,
  FileHistorySnapshotRecord,
  ProgressRecord,
  SummaryRecord,
  SystemRecord,
  SystemRecordOfSubtype,
  UserRecord,
} from './index.js';

type AssistantBlock = AssistantRecord['message']['content'][number];
type UserContent = UserRecord['message']['content'];

describe('record types', () => {
  it('types assistant content as known blocks plus unknown ones', () => {
    expectTypeOf<ToolUseBlock>().toExtend<AssistantBlock>();
    expectTypeOf<TextBlock>().toExtend<AssistantBlock>();
    expectTypeOf<ThinkingBlock>().toExtend<AssistantBlock>();
    expectTypeOf<UnknownContentBlock>().toExtend<AssistantBlock>();
    expectTypeOf<AssistantBlock>().toEqualTypeOf<ContentBlock>();
  });

  it('types user content as a string or blocks, including tool results', () => {
    expectTypeOf<string>().toExtend<UserContent>();
    expectTypeOf<ToolResultBlock>().toExtend<Exclude<UserContent, string>[number]>();
    expectTypeOf<ImageBlock>().toExtend<Exclude<UserContent, string>[number]>();
    type ResultItem = Exclude<NonNullable<ToolResultBlock['content']>, string>[number];
    expectTypeOf<ToolReferenceBlock>().toExtend<ResultItem>();
  });

  it('leaves tool inputs and structured results to the tool registry', () => {
    expectTypeOf<ToolUseBlock['input']>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<UserRecord['toolUseResult']>().toEqualTypeOf<unknown>();
  });

  it('types usage and nullable fields', () => {
    expectTypeOf<AssistantRecord['message']['usage']>().toEqualTypeOf<Usage | undefined>();
    expectTypeOf<Usage['input_tokens']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<AssistantRecord['parentUuid']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<AssistantRecord['uuid']>().toEqualTypeOf<string>();
  });

  it('keeps unknown keys typed as unknown', () => {
    expectTypeOf<AssistantRecord['someFutureField']>().toEqualTypeOf<unknown>();
  });

  it('makes ClaudeCodeRecord a union discriminated by type', () => {
    expectTypeOf<ClaudeCodeRecord['type']>().toEqualTypeOf<ClaudeCodeRecordType>();
    expectTypeOf<Extract<ClaudeCodeRecord, { type: 'user' }>>().toEqualTypeOf<UserRecord>();
    expectTypeOf<Extract<ClaudeCodeRecord, { type: 'summary' }>>().toEqualTypeOf<SummaryRecord>();
    expectTypeOf<UserRecord>().toExtend<ClaudeCodeRecord>();
    expectTypeOf<SystemRecord>().toExtend<ClaudeCodeRecord>();
    expectTypeOf<AttachmentRecord>().toExtend<ClaudeCodeRecord>();
    expectTypeOf<ProgressRecord>().toExtend<ClaudeCodeRecord>();
    expectTypeOf<FileHistorySnapshotRecord>().toExtend<ClaudeCodeRecord>();
    expectTypeOf<'hologram'>().not.toExtend<ClaudeCodeRecordType>();
  });

  it('types system subtypes', () => {
    expectTypeOf<SystemRecordOfSubtype<'compact_boundary'>['compactMetadata']>().toEqualTypeOf<
      CompactMetadata | undefined
    >();
    expectTypeOf<SystemRecordOfSubtype<'compact_boundary'>>().toExtend<SystemRecord>();
    expectTypeOf<SystemRecord['subtype']>().toEqualTypeOf<string | undefined>();
  });

  it('types decoded records', () => {
    type Known = Extract<DecodedRecord, { kind: 'known' }>;
    expectTypeOf<Known['record']>().toEqualTypeOf<ClaudeCodeRecord>();
    expectTypeOf<Extract<DecodedRecord, { kind: 'unknown' }>['issues']>().toEqualTypeOf<[]>();
  });

  it('narrows blocks with isContentBlockOfType', () => {
    const block = {} as ContentBlock;
    if (isContentBlockOfType(block, 'tool_use')) {
      expectTypeOf(block).toEqualTypeOf<ToolUseBlock>();
      expectTypeOf(block.name).toEqualTypeOf<string>();
    }
  });
});
