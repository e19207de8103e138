import { describe, expect, it } from 'vitest';
import { classifyToolResult } from './classify-tool-result.js';

const rejection =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

describe('classifyToolResult', () => {
  it('reads a plain result as ok', () => {
    expect(
      classifyToolResult({ text: 'file contents', isError: undefined, structured: { type: 'text' } }).status,
    ).toBe('ok');
  });

  it('does not treat command output that mentions Error as a failure', () => {
    expect(
      classifyToolResult({ text: 'Error: something in stdout', isError: false, structured: { stdout: 'x' } })
        .status,
    ).toBe('ok');
  });

  it('recognises a permission-prompt rejection as denied', () => {
    expect(
      classifyToolResult({ text: rejection, isError: true, structured: 'User rejected tool use' }).status,
    ).toBe('denied');
    expect(
      classifyToolResult({ text: rejection, isError: true, structured: `Error: ${rejection}` }).status,
    ).toBe('denied');
  });

  it('recognises permission rules as denied', () => {
    const text = 'Permission to use Bash has been denied because Claude Code is running in dontAsk mode.';
    expect(classifyToolResult({ text, isError: true, structured: undefined }).status).toBe('denied');
  });

  it('recognises interruptions', () => {
    expect(
      classifyToolResult({
        text: '[Request interrupted by user for tool use]',
        isError: true,
        structured: undefined,
      }).status,
    ).toBe('interrupted');
    expect(
      classifyToolResult({
        text: "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.",
        isError: true,
        structured: undefined,
      }).status,
    ).toBe('interrupted');
    expect(
      classifyToolResult({ text: 'partial', isError: false, structured: { stdout: '', interrupted: true } })
        .status,
    ).toBe('interrupted');
  });

  it('recognises hook blocks', () => {
    expect(
      classifyToolResult({
        text: 'PreToolUse:Bash hook error: blocked rm -rf',
        isError: true,
        structured: 'Error: x',
      }).status,
    ).toBe('hook_blocked');
    expect(
      classifyToolResult({ text: 'anything', isError: true, structured: undefined, hookBlocked: true })
        .status,
    ).toBe('hook_blocked');
  });

  it('recognises errors by flag, wrapper or string result', () => {
    expect(classifyToolResult({ text: 'boom', isError: true, structured: undefined })).toEqual({
      status: 'error',
      reason: 'boom',
    });
    expect(
      classifyToolResult({
        text: '<tool_use_error>File does not exist.</tool_use_error>',
        isError: undefined,
        structured: undefined,
      }).status,
    ).toBe('error');
    expect(
      classifyToolResult({ text: 'x', isError: undefined, structured: 'Error: File has not been read yet.' })
        .status,
    ).toBe('error');
    expect(
      classifyToolResult({ text: 'x', isError: undefined, structured: 'InputValidationError: [' }).status,
    ).toBe('error');
  });
});
