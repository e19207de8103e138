import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hookEventNames } from './hook-input-schemas.js';
import { HookInputError, parseHookInput, readHookInput } from './parse-hook-input.js';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/hooks');
const fixture = (name: string) => readFileSync(path.join(fixtures, `${name}.json`), 'utf8');

describe('parseHookInput', () => {
  it('reads every fixture, one per known event, unchanged', () => {
    const files = readdirSync(fixtures).filter((f) => f.endsWith('.json'));
    const seen = new Set<string>();
    for (const file of files) {
      const text = readFileSync(path.join(fixtures, file), 'utf8');
      const input = parseHookInput(text);
      expect(input, file).toEqual(JSON.parse(text));
      seen.add(input.hook_event_name);
    }
    expect(hookEventNames.filter((name) => !seen.has(name))).toEqual([]);
  });

  it('keeps unknown events and their fields', () => {
    const input = parseHookInput(fixture('unknown-event'));
    expect(input.hook_event_name).toBe('FileChanged');
    expect(input.future_field).toEqual({ nested: [1, 2, 3] });
  });

  it('keeps unknown fields of known events, nested ones included', () => {
    const value = JSON.parse(fixture('pre-tool-use-bash'));
    value.brand_new = 'kept';
    value.tool_input.sandbox_profile = 'strict';
    const input = parseHookInput(JSON.stringify(value));
    expect(input.brand_new).toBe('kept');
    expect((input.tool_input as Record<string, unknown>).sandbox_profile).toBe('strict');
  });

  it('accepts payloads of older versions without the fields added later', () => {
    const value = JSON.parse(fixture('pre-tool-use-bash'));
    delete value.tool_use_id;
    delete value.permission_mode;
    expect(parseHookInput(JSON.stringify(value)).hook_event_name).toBe('PreToolUse');
    const notification = JSON.parse(fixture('notification'));
    delete notification.notification_type;
    expect(parseHookInput(JSON.stringify(notification)).hook_event_name).toBe('Notification');
  });

  it('says in one sentence what is wrong', () => {
    const cases: [string, string][] = [
      ['not json', 'Hook input is not JSON ('],
      ['[1,2]', 'Hook input must be a JSON object, got an array.'],
      ['"text"', 'Hook input must be a JSON object, got "text".'],
      ['{"session_id":"s"}', 'Hook input has no "hook_event_name" string'],
    ];
    for (const [text, message] of cases) {
      expect(() => parseHookInput(text)).toThrow(HookInputError);
      expect(() => parseHookInput(text)).toThrow(message);
    }
    const value = JSON.parse(fixture('pre-tool-use-bash'));
    delete value.tool_name;
    expect(() => parseHookInput(JSON.stringify(value))).toThrow(
      'Hook input for "PreToolUse" has an invalid "tool_name": expected string, received undefined.',
    );
    const unknown = JSON.parse(fixture('unknown-event'));
    delete unknown.session_id;
    expect(() => parseHookInput(JSON.stringify(unknown))).toThrow(
      'Hook input for "FileChanged" has an invalid "session_id"',
    );
  });
});

describe('readHookInput', () => {
  it('reads a stream in chunks', async () => {
    const text = fixture('stop');
    const chunks = [text.slice(0, 10), text.slice(10, 40), text.slice(40)].map((s) => Buffer.from(s));
    const input = await readHookInput(Readable.from(chunks));
    expect(input.hook_event_name).toBe('Stop');
  });

  it('says so when stdin is empty', async () => {
    await expect(readHookInput(Readable.from([]))).rejects.toThrow(
      'Hook input is empty: nothing was written to stdin.',
    );
  });
});
