// surelyValid (src/schemas/common/surely-valid.ts) against zod on the real corpora: on every record and tool
// input the drift validation checks, and on mutated copies of them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claudeCodeRecordSchemas } from '../src/agents/claude-code/schemas/records/index.js';
import { lookupClaudeCodeTool } from '../src/agents/claude-code/tools/index.js';
import { codexEventMsgSchemaFor } from '../src/agents/codex/schemas/event-msg.js';
import {
  codexEnvelopePayloadSchemas,
  codexEnvelopeSchema,
} from '../src/agents/codex/schemas/rollout-line.js';
import { codexToolCallInput, lookupCodexTool } from '../src/agents/codex/tools/index.js';
import { surelyValid } from '../src/schemas/common/surely-valid.js';
import { corpusFiles, corpusMoreDir, isCodexFile, naiveRecords } from './corpus.js';
import { seededRandom } from './helpers/seeded-random.js';

type AnySchema = z.core.$ZodType;

const zodAccepts = (schema: AnySchema, value: unknown) => z.safeParse(schema, value).success;

/** Every schema a drift validation checks a record against, with the value it checks (Claude Code and Codex). */
function checkedValues(record: Record<string, unknown>, codex: boolean): [AnySchema, unknown][] {
  const out: [AnySchema, unknown][] = [];
  if (codex) {
    out.push([codexEnvelopeSchema, record]);
    const payload = record.payload as Record<string, unknown> | undefined;
    const type = record.type;
    if (typeof type !== 'string' || typeof payload !== 'object' || payload === null) return out;
    const schema =
      type === 'event_msg' && typeof payload.type === 'string'
        ? (codexEventMsgSchemaFor(payload.type) ?? codexEnvelopePayloadSchemas.event_msg)
        : (codexEnvelopePayloadSchemas as Record<string, AnySchema | undefined>)[type];
    if (schema) out.push([schema, payload]);
    const call = codexToolCallInput(payload);
    if (call?.input.ok) {
      const lookup = lookupCodexTool(call.name, call.namespace);
      if (lookup.kind !== 'unknown') out.push([lookup.spec.input, call.input.value]);
    }
    return out;
  }
  const schema = typeof record.type === 'string' ? claudeCodeRecordSchemas[record.type] : undefined;
  if (schema) out.push([schema, record]);
  const content = (record.message as { content?: unknown } | undefined)?.content;
  for (const block of Array.isArray(content) ? content : []) {
    if (block?.type !== 'tool_use' || typeof block.name !== 'string') continue;
    const lookup = lookupClaudeCodeTool(block.name);
    if (lookup.kind !== 'unknown') out.push([lookup.spec.input, block.input]);
  }
  return out;
}

/** Every object or array inside `value` (itself included). */
function containers(value: unknown, out: (Record<string, unknown> | unknown[])[] = []) {
  if (typeof value !== 'object' || value === null) return out;
  out.push(value as Record<string, unknown> | unknown[]);
  for (const child of Object.values(value)) containers(child, out);
  return out;
}

const replacements: unknown[] = [null, 0, 1.5, -1, '', 'x', true, [], {}, [1], { type: 'x' }];

/** `value` with one change somewhere inside: a member replaced, removed or added. */
function mutate(value: unknown, next: () => number): unknown {
  const copy = structuredClone(value);
  const all = containers(copy);
  const target = all[Math.floor(next() * all.length)];
  if (target === undefined) return copy;
  const keys = Object.keys(target);
  const key = keys[Math.floor(next() * keys.length)];
  const replacement = replacements[Math.floor(next() * replacements.length)];
  const roll = next();
  if (key === undefined || roll < 0.15) (target as Record<string, unknown>)[`zz${keys.length}`] = replacement;
  else if (roll < 0.3 && !Array.isArray(target)) delete target[key];
  else (target as Record<string, unknown>)[key] = replacement;
  return copy;
}

describe('surelyValid on real records', () => {
  const files = [...corpusFiles(), ...corpusFiles(corpusMoreDir)];
  const checks = files.flatMap((file) => {
    const codex = isCodexFile(file);
    return naiveRecords(file).flatMap((record) => checkedValues(record, codex));
  });

  it('vouches for every record and tool input zod accepts, and for none it rejects', () => {
    expect(checks.length).toBeGreaterThan(3000);
    const disagreements = checks.filter(
      ([schema, value]) => surelyValid(schema, value) !== zodAccepts(schema, value),
    );
    expect(disagreements.map(([, value]) => JSON.stringify(value).slice(0, 200))).toEqual([]);
  });

  it('never vouches for a mutated record that zod rejects', () => {
    const next = seededRandom(20261126);
    let vouched = 0;
    let leftToZod = 0;
    for (const [schema, value] of checks)
      for (let i = 0; i < 3; i++) {
        const mutant = mutate(value, next);
        if (!surelyValid(schema, mutant)) leftToZod += 1;
        else {
          vouched += 1;
          expect(zodAccepts(schema, mutant), JSON.stringify(mutant).slice(0, 300)).toBe(true);
        }
      }
    // Both kinds occur: the test would pass vacuously otherwise.
    expect(vouched).toBeGreaterThan(1000);
    expect(leftToZod).toBeGreaterThan(1000);
  });
});
