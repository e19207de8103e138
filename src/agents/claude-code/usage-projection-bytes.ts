/**
 * `usageProjection` made from a line's bytes without parsing the whole line: the members are found by
 * `reader/json-fields.ts` and only the values the projection keeps are parsed, so the bulk of a large
 * record (response and result texts, call inputs, file snapshots) is never turned into strings. The result
 * is the same object `usageProjection(JSON.parse(line))` gives (`usage-projection-bytes.test.ts` checks every
 * line of the corpora); undefined when the bytes are not an object of well-formed structure, for the caller
 * to parse the line instead.
 */
import { parseValue, visitElements, visitMembers } from '../../reader/json-fields.js';
import { isObject, type JsonObject } from '../../schemas/common/value-access.js';
import { blockProjection, keptKeys, messageKeys, progressProjection } from './usage-projection.js';

const kept = new Set<string>(keptKeys);
const AGENT_ID = Buffer.from('agentId: ');
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/** Thrown to give up on a line whose structure the byte reader does not follow. */
class Malformed extends Error {}

/** The projection of the record in `b[start, end)`, or undefined when it must be parsed whole. */
export function usageProjectionOfBytes(b: Buffer, start: number, end: number): JsonObject | undefined {
  try {
    return project(b, start, end);
  } catch (error) {
    if (error instanceof Malformed || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function project(b: Buffer, start: number, end: number): JsonObject {
  const out: JsonObject = {};
  // Members whose projection depends on the record's type (which may come after them) wait for it.
  let message: [number, number] | undefined;
  let data: [number, number] | undefined;
  let content: [number, number] | undefined;
  let attachment: [number, number] | undefined;
  let toolUseResult: [number, number] | undefined;
  const ok = visitMembers(b, start, end, (key, from, to) => {
    if (kept.has(key)) out[key] = parseValue(b, from, to);
    else if (key === 'message') message = [from, to];
    else if (key === 'data') data = [from, to];
    else if (key === 'attachment') attachment = [from, to];
    else if (key === 'toolUseResult') toolUseResult = [from, to];
    if (key === 'content') content = [from, to];
  });
  if (!ok) throw new Malformed();
  // A top-level `content` (system records) is kept when it is a string.
  if (content && b[content[0]] === QUOTE) out.content = parseValue(b, content[0], content[1]);
  // Key order as `usageProjection` writes them (kept keys first, in their order): equal objects either way.
  if (attachment && b[attachment[0]] === OPEN_BRACE) {
    const fields = pick(b, attachment, ['type', 'toolUseID']);
    out.attachment = { type: fields.type, toolUseID: fields.toolUseID };
  }
  if (toolUseResult && b[toolUseResult[0]] === OPEN_BRACE) {
    const agentId = pick(b, toolUseResult, ['agentId']).agentId;
    if (typeof agentId === 'string') out.toolUseResult = { agentId };
  }
  if (message && b[message[0]] === OPEN_BRACE)
    out.message = messageOfBytes(b, message, out.type !== 'assistant');
  if (data && out.type === 'progress' && b[data[0]] === OPEN_BRACE) {
    const value = parseValue(b, data[0], data[1]);
    if (isObject(value)) out.data = progressProjection(value);
  }
  return out;
}

/** The members `keys` of the object at `range`, parsed (the last of a repeated key wins, as in JSON.parse). */
function pick(b: Buffer, range: [number, number], keys: readonly string[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const ok = visitMembers(b, range[0], range[1], (key, from, to) => {
    if (keys.includes(key)) found[key] = parseValue(b, from, to);
  });
  if (!ok) throw new Malformed();
  return found;
}

function messageOfBytes(b: Buffer, range: [number, number], texts: boolean): JsonObject {
  const out: JsonObject = {};
  let content: [number, number] | undefined;
  const ok = visitMembers(b, range[0], range[1], (key, from, to) => {
    if ((messageKeys as readonly string[]).includes(key)) out[key] = parseValue(b, from, to);
    else if (key === 'content') content = [from, to];
  });
  if (!ok) throw new Malformed();
  if (content === undefined) return out;
  if (b[content[0]] !== OPEN_BRACKET) {
    out.content = parseValue(b, content[0], content[1]);
    return out;
  }
  const blocks: unknown[] = [];
  const listed = visitElements(b, content[0], content[1], (from, to) => {
    blocks.push(b[from] === OPEN_BRACE ? blockOfBytes(b, from, to, texts) : parseValue(b, from, to));
  });
  if (!listed) throw new Malformed();
  out.content = blocks;
  return out;
}

/** `blockProjection` of the block at `[from, to)`, parsing only what it keeps. */
function blockOfBytes(b: Buffer, from: number, to: number, texts: boolean): unknown {
  const ranges = new Map<string, [number, number]>();
  const ok = visitMembers(b, from, to, (key, start, end) => {
    ranges.set(key, [start, end]);
  });
  if (!ok) throw new Malformed();
  const value = (key: string): unknown => {
    const range = ranges.get(key);
    return range === undefined ? undefined : parseValue(b, range[0], range[1]);
  };
  const type = value('type');
  switch (type) {
    case 'text':
      return texts ? { type: 'text', text: value('text') } : { type: 'text' };
    case 'tool_use': {
      const input = ranges.get('input');
      if (input && b[input[0]] === OPEN_BRACE) {
        const fields = pick(b, input, ['prompt', 'subagent_type', 'description']);
        return {
          type: 'tool_use',
          id: value('id'),
          name: value('name'),
          input: {
            prompt: fields.prompt,
            subagent_type: fields.subagent_type,
            description: fields.description,
          },
        };
      }
      return blockProjection({ type, id: value('id'), name: value('name'), input: value('input') }, texts);
    }
    case 'tool_result': {
      const content = ranges.get('content');
      // The text can hold `agentId: ` only if its bytes do: otherwise it is not parsed at all.
      const holds = content !== undefined && b.subarray(content[0], content[1]).includes(AGENT_ID);
      return blockProjection(
        {
          type,
          tool_use_id: value('tool_use_id'),
          is_error: value('is_error'),
          content: holds ? value('content') : '',
        },
        texts,
      );
    }
    default:
      return { type };
  }
}
