import { describe, expect, it } from 'vitest';
import { parseCodexArguments, parseCodexToolOutput } from './parse-tool-io.js';

describe('parseCodexArguments', () => {
  it('parses JSON text', () => {
    expect(parseCodexArguments('{"cmd":"ls","yield_time_ms":1000}')).toEqual({
      ok: true,
      value: { cmd: 'ls', yield_time_ms: 1000 },
      raw: '{"cmd":"ls","yield_time_ms":1000}',
    });
  });

  it('reads empty or blank text as no arguments', () => {
    expect(parseCodexArguments('')).toEqual({ ok: true, value: {}, raw: '' });
    expect(parseCodexArguments('  \n')).toEqual({ ok: true, value: {}, raw: '  \n' });
  });

  it('reads absent or null arguments as no arguments', () => {
    expect(parseCodexArguments(undefined)).toEqual({ ok: true, value: {}, raw: '' });
    expect(parseCodexArguments(null)).toEqual({ ok: true, value: {}, raw: '' });
  });

  it('decodes double-encoded arguments', () => {
    const inner = JSON.stringify({ command: ['ls', '-la'] });
    expect(parseCodexArguments(JSON.stringify(inner))).toEqual({
      ok: true,
      value: { command: ['ls', '-la'] },
      raw: JSON.stringify(inner),
    });
    expect(parseCodexArguments(JSON.stringify(JSON.stringify(inner)))).toMatchObject({
      ok: true,
      value: { command: ['ls', '-la'] },
    });
  });

  it('keeps a JSON string that does not hold JSON as a string', () => {
    expect(parseCodexArguments('"just text"')).toEqual({ ok: true, value: 'just text', raw: '"just text"' });
  });

  it('reports invalid JSON and keeps the raw text', () => {
    const result = parseCodexArguments('{"cmd": "ls"');
    expect(result.ok).toBe(false);
    expect(result.raw).toBe('{"cmd": "ls"');
    if (!result.ok) expect(result.error).toMatch(/^Invalid JSON: /);
  });

  it('reports double-encoded text whose inner JSON is broken', () => {
    const result = parseCodexArguments(JSON.stringify('{"cmd": '));
    expect(result).toMatchObject({ ok: false, raw: JSON.stringify('{"cmd": ') });
    if (!result.ok) expect(result.error).toMatch(/^Invalid double-encoded JSON: /);
  });

  it('takes already parsed objects as they are', () => {
    expect(parseCodexArguments({ path: '/tmp/a.png' })).toEqual({
      ok: true,
      value: { path: '/tmp/a.png' },
      raw: '{"path":"/tmp/a.png"}',
    });
  });

  it('rejects numbers and booleans', () => {
    expect(parseCodexArguments(42)).toEqual({
      ok: false,
      raw: '42',
      error: 'Expected JSON text, got a number',
    });
    expect(parseCodexArguments(true)).toMatchObject({ ok: false, raw: 'true' });
  });
});

describe('parseCodexToolOutput', () => {
  it('decodes the JSON-in-string shell encoding', () => {
    const output = JSON.stringify({ output: 'a.txt\n', metadata: { exit_code: 0, duration_seconds: 0.1 } });
    expect(parseCodexToolOutput(output)).toEqual({
      text: 'a.txt\n',
      exitCode: 0,
      durationSeconds: 0.1,
      format: 'json',
    });
  });

  it('reads the truncation note at the start of a JSON output body', () => {
    const body = 'Total output lines: 700\n\nfirst lines\n[... omitted ...]\nlast lines';
    const output = JSON.stringify({ output: body, metadata: { exit_code: 2, duration_seconds: 1.5 } });
    expect(parseCodexToolOutput(output)).toEqual({
      text: body,
      exitCode: 2,
      durationSeconds: 1.5,
      totalOutputLines: 700,
      format: 'json',
    });
  });

  it('takes JSON without the {output, metadata} shape as plain text', () => {
    expect(parseCodexToolOutput('{"agent_id":"019a","nickname":null}')).toEqual({
      text: '{"agent_id":"019a","nickname":null}',
      format: 'plain',
    });
    expect(parseCodexToolOutput('{"output": "x", "other": 1}')).toMatchObject({ format: 'plain' });
    expect(parseCodexToolOutput('{not json')).toEqual({ text: '{not json', format: 'plain' });
  });

  it('decodes the "Exit code:" text encoding', () => {
    expect(parseCodexToolOutput('Exit code: 1\nWall time: 0.2 seconds\nOutput:\nls: nope\n')).toEqual({
      text: 'ls: nope\n',
      exitCode: 1,
      durationSeconds: 0.2,
      format: 'exit-code-text',
    });
  });

  it('reads "Total output lines" in the header, and negative exit codes', () => {
    expect(
      parseCodexToolOutput(
        'Exit code: -1\nWall time: 10 seconds\nTotal output lines: 1200\nOutput:\nhead\n…\ntail',
      ),
    ).toEqual({
      text: 'head\n…\ntail',
      exitCode: -1,
      durationSeconds: 10,
      totalOutputLines: 1200,
      format: 'exit-code-text',
    });
  });

  it('decodes exec_command output of a finished process', () => {
    const output =
      'Chunk ID: e213c4\nWall time: 0.1799 seconds\nProcess exited with code 0\nOriginal token count: 10768\nOutput:\nTotal output lines: 460\n\nREADME.md:1: x\n';
    expect(parseCodexToolOutput(output)).toEqual({
      text: 'Total output lines: 460\n\nREADME.md:1: x\n',
      exitCode: 0,
      durationSeconds: 0.1799,
      totalOutputLines: 460,
      chunkId: 'e213c4',
      originalTokenCount: 10768,
      format: 'exit-code-text',
    });
  });

  it('decodes exec_command output of a process still running', () => {
    const output =
      'Chunk ID: a21e41\nWall time: 1.0037 seconds\nProcess running with session ID 48230\nOriginal token count: 0\nOutput:\n';
    expect(parseCodexToolOutput(output)).toEqual({
      text: '',
      durationSeconds: 1.0037,
      processSessionId: 48230,
      chunkId: 'a21e41',
      originalTokenCount: 0,
      format: 'exit-code-text',
    });
  });

  it('decodes MCP output (wall time only) and a body that ends at "Output:"', () => {
    expect(parseCodexToolOutput('Wall time: 1.8333 seconds\nOutput:\n[{"type":"text","text":"{}"}]')).toEqual(
      {
        text: '[{"type":"text","text":"{}"}]',
        durationSeconds: 1.8333,
        format: 'exit-code-text',
      },
    );
    expect(parseCodexToolOutput('Exit code: 0\nWall time: 0 seconds\nOutput:')).toEqual({
      text: '',
      exitCode: 0,
      durationSeconds: 0,
      format: 'exit-code-text',
    });
  });

  it('keeps text with an unknown header line, or no header, as plain', () => {
    expect(parseCodexToolOutput('Exit code: 0\nSomething else: 1\nOutput:\nx')).toMatchObject({
      format: 'plain',
    });
    expect(parseCodexToolOutput('Output:\nx')).toEqual({ text: 'Output:\nx', format: 'plain' });
    expect(parseCodexToolOutput('Exit code: 0\nno output marker')).toMatchObject({ format: 'plain' });
  });

  it('keeps plain text as it is', () => {
    expect(parseCodexToolOutput('Plan updated')).toEqual({ text: 'Plan updated', format: 'plain' });
    expect(parseCodexToolOutput('')).toEqual({ text: '', format: 'plain' });
  });

  it('reads the truncation warning of newer builds', () => {
    expect(
      parseCodexToolOutput(
        'Warning: truncated output (original token count: 9000)\nTotal output lines: 80\n\nhead…tail',
      ),
    ).toEqual({
      text: 'Warning: truncated output (original token count: 9000)\nTotal output lines: 80\n\nhead…tail',
      totalOutputLines: 80,
      originalTokenCount: 9000,
      format: 'plain',
    });
  });

  it('joins the texts of content-item arrays, images as [image]', () => {
    expect(
      parseCodexToolOutput([
        { type: 'input_text', text: 'a.txt' },
        { type: 'input_image', image_url: 'data:image/png;base64,AAAA' },
        { type: 'encrypted_content', encrypted_content: 'xyz' },
        { type: 'input_text', text: 'b.txt' },
      ]),
    ).toEqual({ text: 'a.txt\n[image]\nb.txt', format: 'items' });
    expect(parseCodexToolOutput([])).toEqual({ text: '', format: 'items' });
  });

  it('reads the exit code of a shell result sent as content items', () => {
    expect(
      parseCodexToolOutput([
        { type: 'input_text', text: 'Exit code: 3\nWall time: 1 seconds\nOutput:\nboom' },
      ]),
    ).toEqual({
      text: 'boom',
      exitCode: 3,
      durationSeconds: 1,
      format: 'items',
    });
  });

  it('takes a single content item object as an array of one', () => {
    expect(parseCodexToolOutput({ type: 'input_text', text: 'a.txt\n', detail: null })).toEqual({
      text: 'a.txt\n',
      format: 'items',
    });
  });

  it('reads the old in-memory {content, success} shape and other values', () => {
    expect(
      parseCodexToolOutput({ content: 'Exit code: 0\nWall time: 1 seconds\nOutput:\nok', success: true }),
    ).toMatchObject({ text: 'ok', exitCode: 0 });
    expect(parseCodexToolOutput({ foo: 1 })).toEqual({ text: '{"foo":1}', format: 'plain' });
    expect(parseCodexToolOutput(undefined)).toEqual({ text: '', format: 'plain' });
    expect(parseCodexToolOutput(null)).toEqual({ text: '', format: 'plain' });
    expect(parseCodexToolOutput(7)).toEqual({ text: '7', format: 'plain' });
  });
});
