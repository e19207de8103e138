import { z } from 'zod';
import { attachmentPayload, bool, num, str, strings } from './attachment-payload.js';

// Attachments that inject context into a turn: files, memory, skills, agents, tools, MCP servers,
// environment. Field lists: spec section 1.8, real logs, and a third-party catalog checked against
// CC 2.1.221–2.1.289 sessions.

const fileContentSchema = z.looseObject({
  type: z.string(),
  file: z
    .looseObject({ filePath: str, content: str, numLines: num, startLine: num, totalLines: num })
    .optional(),
});

/** A memory or instruction file (`type`: `User`, `Project`, `Local`, `Managed`, `AutoMem`, …). */
export const memoryFileSchema = z.looseObject({
  type: str,
  path: str,
  content: str,
  contentDiffersFromDisk: bool,
  globs: strings,
  parent: str,
  rawContent: str,
});
export type MemoryFile = z.infer<typeof memoryFileSchema>;

const diagnosticPosition = z.looseObject({ line: num, character: num });

export const contextAttachmentPayloadSchemas = [
  attachmentPayload('file', {
    filename: str,
    displayPath: str,
    content: fileContentSchema.optional(),
    truncated: bool,
  }),
  attachmentPayload('edited_text_file', { filename: str, snippet: str }),
  attachmentPayload('compact_file_reference', { filename: str, displayPath: str }),
  attachmentPayload('directory', { path: str, displayPath: str, content: str }),
  attachmentPayload('nested_memory', { path: str, displayPath: str, content: memoryFileSchema.optional() }),
  attachmentPayload('instructions', {
    changed: bool,
    reason: str,
    files: z.array(memoryFileSchema).optional(),
  }),
  attachmentPayload('plan_file_reference', { planFilePath: str, planContent: str }),
  attachmentPayload('invoked_skills', {
    skills: z.array(z.looseObject({ name: str, path: str, content: str })).optional(),
  }),
  attachmentPayload('skill_listing', { content: str, isInitial: bool, skillCount: num, names: strings }),
  attachmentPayload('dynamic_skill', { skillDir: str, skillNames: strings, displayPath: str }),
  attachmentPayload('agent_listing_delta', {
    addedTypes: strings,
    removedTypes: strings,
    builtInTypes: strings,
    addedLines: strings,
    isInitial: bool,
    showConcurrencyNote: bool,
  }),
  attachmentPayload('agent_mention', { agentType: str }),
  attachmentPayload('deferred_tools_delta', {
    addedNames: strings,
    addedLines: strings,
    removedNames: strings,
    readdedNames: strings,
    surfacedNames: strings,
    wireHiddenNames: strings,
    pendingMcpServers: strings,
    needsAuthMcpServers: strings,
    failedMcpServers: z.array(z.looseObject({ name: str, error: str, errorCode: str })).optional(),
  }),
  attachmentPayload('deferred_tools_record', {
    entries: z
      .array(
        z.looseObject({
          name: str,
          description: str,
          defer_loading: bool,
          eager_input_streaming: bool,
          input_schema: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
    nameOnlyAnnouncements: strings,
    toolInputCopies: z.array(z.looseObject({ id: str, copy: str })).optional(),
  }),
  attachmentPayload('mcp_instructions_delta', {
    addedNames: strings,
    removedNames: strings,
    addedBlocks: strings,
  }),
  attachmentPayload('mcp_resource', {}),
  attachmentPayload('diagnostics', {
    isNew: bool,
    files: z
      .array(
        z.looseObject({
          uri: str,
          diagnostics: z
            .array(
              z.looseObject({
                code: str,
                message: str,
                severity: str,
                source: str,
                range: z.looseObject({ start: diagnosticPosition, end: diagnosticPosition }).optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
  }),
  attachmentPayload('environment', {
    changes: z
      .array(z.looseObject({ field: str, added: strings, removed: strings, from: str, to: str }))
      .optional(),
    snapshot: z
      .looseObject({
        workingDirectory: str,
        additionalWorkingDirectories: strings,
        scratchpadDirectory: str,
        isGitRepo: bool,
        isWorktree: bool,
        platform: str,
        osVersion: str,
        shell: str,
      })
      .optional(),
  }),
  attachmentPayload('session_context', {
    changed: bool,
    reason: str,
    context: z.looseObject({ userEmail: str, gitStatus: str }).optional(),
  }),
  attachmentPayload('model', {
    text: str,
    identity: z.looseObject({ knowledgeCutoff: str, marketingName: str, modelId: str }).optional(),
  }),
  attachmentPayload('advisor_tool', { available: bool, model: str, toolChange: str }),
  attachmentPayload('credential_org', { organizationUuid: str }),
  attachmentPayload('date', { date: str, changed: bool }),
  attachmentPayload('date_change', { newDate: str }),
  attachmentPayload('output_style', { style: str }),
  attachmentPayload('output_style_instructions', {
    style: z.looseObject({ name: str, prompt: str }).optional(),
  }),
  attachmentPayload('prompt_snapshot', {
    systemPrompt: strings,
    cliPrefix: str,
    contextRendering: str,
    echoWireToolInputs: bool,
    hostPrompt: str,
    inlineTools: bool,
    keptReminders: bool,
    reminderFold: bool,
    systemTurns: bool,
    toolChangeHeader: bool,
    tools: z
      .array(
        z.looseObject({
          name: str,
          description: str,
          server: str,
          schema: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  }),
  /** The agent's structured result (whatever schema the caller asked for). */
  attachmentPayload('structured_output', { data: z.unknown().optional(), toolUseID: str }),
] as const;
