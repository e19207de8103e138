import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidOpenAIToolName, sanitizeToolName } from './sanitize-tool-name.js';
import { ToolNameMap } from './tool-name-map.js';

const sha8 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
const longMcpName = 'mcp__plugin_compound-engineering_context7__resolve-library-id-with-a-long-suffix';

describe('sanitizeToolName', () => {
  it('keeps valid names and replaces invalid characters with "_"', () => {
    expect(sanitizeToolName('Read')).toBe('Read');
    expect(sanitizeToolName('container.exec')).toBe('container_exec');
    expect(sanitizeToolName('mcp__srv:v2__do it!')).toBe('mcp__srv_v2__do_it_');
    expect(sanitizeToolName('')).toBe(`_${sha8('')}`);
  });

  it('shortens names over 64 characters to 55 characters, "_" and 8 hex digits of SHA-256 of the original', () => {
    expect(longMcpName.length).toBeGreaterThan(64);
    const short = sanitizeToolName(longMcpName);
    expect(short).toBe(`${longMcpName.slice(0, 55)}_${sha8(longMcpName)}`);
    expect(short).toHaveLength(64);
    expect(sanitizeToolName(longMcpName)).toBe(short);
    const sixtyFour = 'a'.repeat(64);
    expect(sanitizeToolName(sixtyFour)).toBe(sixtyFour);
    expect(sanitizeToolName(`${sixtyFour}b`)).toHaveLength(64);
    // The hash is of the original name: names equal after sanitizing still differ once shortened.
    const dotted = `${'x'.repeat(60)}.tool`;
    const underscored = `${'x'.repeat(60)}_tool`;
    expect(sanitizeToolName(dotted)).not.toBe(sanitizeToolName(underscored));
  });

  it('gives only names OpenAI accepts', () => {
    for (const name of ['Read', longMcpName, 'a.b.c', 'é', `${'ü'.repeat(80)}`, 'x'.repeat(200)])
      expect(isValidOpenAIToolName(sanitizeToolName(name)), name).toBe(true);
    expect(isValidOpenAIToolName('a'.repeat(65))).toBe(false);
    expect(isValidOpenAIToolName('a.b')).toBe(false);
  });
});

describe('ToolNameMap', () => {
  it('maps names both ways and returns the same name when a tool is added again', () => {
    const names = new ToolNameMap();
    expect(names.add('Read')).toBe('Read');
    const short = names.add(longMcpName);
    expect(short).toHaveLength(64);
    expect(names.add(longMcpName)).toBe(short);
    expect(names.originalName(short)).toBe(longMcpName);
    expect(names.openaiName(longMcpName)).toBe(short);
    expect(names.originalName('Nope')).toBeUndefined();
    expect(names.size).toBe(2);
    expect(names.toJSON()).toEqual({ Read: 'Read', [short]: longMcpName });
  });

  it('re-suffixes a name whose sanitized form another tool already has', () => {
    const names = new ToolNameMap();
    const first = names.add('mcp__a.b__x');
    const second = names.add('mcp__a_b__x');
    const third = names.add('mcp__a:b__x');
    expect(first).toBe('mcp__a_b__x');
    expect(second).toBe(`mcp__a_b__x_${sha8('mcp__a_b__x')}`);
    expect(third).toBe(`mcp__a_b__x_${sha8('mcp__a:b__x')}`);
    expect(new Set([first, second, third]).size).toBe(3);
    expect([first, second, third].map((name) => names.originalName(name))).toEqual([
      'mcp__a.b__x',
      'mcp__a_b__x',
      'mcp__a:b__x',
    ]);
  });

  it('finds a free name even when the re-suffixed name is taken too', () => {
    const long = 'y'.repeat(70);
    const names = new ToolNameMap();
    // A tool literally named like the shortened form of `long`.
    const squatter = `${'y'.repeat(55)}_${sha8(long)}`;
    expect(names.add(squatter)).toBe(squatter);
    const shortened = names.add(long);
    expect(shortened).not.toBe(squatter);
    expect(shortened).toBe(`${'y'.repeat(55)}_${sha8(`${long}#1`)}`);
    expect(names.originalName(shortened)).toBe(long);
  });

  it('keeps the details of each tool for mapping calls back', () => {
    const names = new ToolNameMap();
    names.add('Read', { strict: true, inputSchema: { type: 'object' } });
    expect(names.entry('Read')).toEqual({
      name: 'Read',
      openaiName: 'Read',
      strict: true,
      inputSchema: { type: 'object' },
    });
    names.add('Read', { strict: false });
    expect(names.entry('Read')?.strict).toBe(false);
    expect(names.entries().map((entry) => entry.name)).toEqual(['Read']);
  });
});
