import type { ToolSpec } from '../schemas/common/define-tool.js';
import { parseVersionBound, type VersionBound } from './agent-version.js';

/** One change of a top-level input field, read from a tool's `history` notes. */
export interface InputFieldChange {
  field: string;
  change: 'added' | 'removed' | 'required' | 'optional';
  /** When: the version (or bisected range) the note gives. */
  at: VersionBound;
  /** The note it was read from. */
  line: string;
}

const version = String.raw`[≈~]?\d+\.\d+\.(?:\d+x*|x+)(?:/\d+\.\d+\.(?:\d+x*|x+))?`;
const linePattern = new RegExp(`^(By |≤)?(${version})(?:–(${version}))?: (.*)$`);
const zero: VersionBound = { lo: [0, 0, 0], hi: [0, 0, 0], text: '0.0.0' };

function boundOf(from: string, to: string | undefined): VersionBound | undefined {
  const low = parseVersionBound(from);
  if (low === undefined || to === undefined) return low;
  const high = parseVersionBound(to);
  // A range "A–B: input + x" means the change happened somewhere from A to B.
  return high === undefined ? low : { lo: low.lo, hi: high.hi, text: `[${low.text}..${high.text}]` };
}

/** One change of the values an enum input field accepts: `2.1.100: input mode + "auto"`, `mode drops "delegate"`. */
export interface InputValueChange {
  field: string;
  value: string;
  change: 'added' | 'removed';
  at: VersionBound;
  line: string;
}

function clauseBody(clause: string): string | undefined {
  const text = clause
    .replace(/\s*\(required\)/g, ' !required')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\.$/, '')
    .trim();
  return /^input(?: and result)? (.*)$/.exec(text)?.[1];
}

function noteParts(line: string): { at: VersionBound; upTo: boolean; clauses: string[] } | undefined {
  const match = linePattern.exec(line.trim());
  if (match?.[2] === undefined || match[4] === undefined) return undefined;
  const at = boundOf(match[2], match[3]);
  return at === undefined ? undefined : { at, upTo: match[1] === '≤', clauses: match[4].split(/;\s*/) };
}

/**
 * The changes of the values enum input fields accept, from the same `history` notes as
 * `inputFieldHistory`: `input mode + "auto"` (a value added), `input mode drops "delegate"` (removed).
 */
export function inputValueHistory(spec: ToolSpec): InputValueChange[] {
  const changes: InputValueChange[] = [];
  for (const line of spec.history ?? []) {
    const note = noteParts(line);
    if (note === undefined) continue;
    for (const clause of note.clauses) {
      const body = clauseBody(clause);
      if (body === undefined) continue;
      for (const raw of body.split(/,\s*/)) {
        const value = /^([\w*-]+) (\+|drops) "([^"]+)"$/.exec(raw.trim());
        if (value?.[1] === undefined || value[3] === undefined) continue;
        changes.push({
          field: value[1],
          value: value[3],
          change: value[2] === '+' ? 'added' : 'removed',
          at: note.at,
          line,
        });
      }
    }
  }
  return changes;
}

function clauseChanges(clause: string, at: VersionBound, upTo: boolean, line: string): InputFieldChange[] {
  const body = clauseBody(clause);
  if (body === undefined) return [];
  const changes: InputFieldChange[] = [];
  let adding = false;
  for (const raw of body.split(/,\s*/)) {
    const token = raw.trim();
    const added =
      /^\+ ?([\w*-]+)( !required)?$/.exec(token) ?? (adding ? /^([\w*-]+)( !required)?$/.exec(token) : null);
    if (added?.[1] !== undefined) {
      adding = true;
      changes.push({ field: added[1], change: 'added', at, line });
      if (added[2] !== undefined) changes.push({ field: added[1], change: 'required', at, line });
      continue;
    }
    adding = false;
    const other = /^([\w*-]+) (removed|dropped|optional|required)$/.exec(token);
    if (other?.[1] === undefined) continue;
    const verb = other[2];
    if (verb === 'required' && upTo) {
      // "≤2.0.50: input plan required": required from the start, optional after that version.
      const [major, minor, patch] = at.hi;
      const next: VersionBound = {
        lo: [major, minor, patch + 1],
        hi: [major, minor, patch + 1],
        text: `>${at.text}`,
      };
      changes.push({ field: other[1], change: 'required', at: { ...zero, text: `≤${at.text}` }, line });
      changes.push({ field: other[1], change: 'optional', at: next, line });
    } else if (verb === 'optional' || verb === 'required') {
      changes.push({ field: other[1], change: verb, at, line });
    } else {
      changes.push({ field: other[1], change: 'removed', at, line });
    }
  }
  return changes;
}

/**
 * The changes of a tool's top-level input fields over agent versions, read from its `history` notes in
 * the registry's phrasing: `2.1.30: input + max_turns, name, team_name, mode`, `1.0.60: input +
 * subagent_type (required)`, `2.1.77: input resume removed`, `2.1.100: input subagent_type optional,
 * max_turns removed`, `≈2.1.300: input persistent dropped`, `≤2.0.50: input plan required`. A name ending
 * in `*` stands for every field with that prefix. Notes about results, nested fields or enum values, and
 * notes in other phrasings, are ignored.
 */
export function inputFieldHistory(spec: ToolSpec): InputFieldChange[] {
  const changes: InputFieldChange[] = [];
  for (const line of spec.history ?? []) {
    const note = noteParts(line);
    if (note === undefined) continue;
    for (const clause of note.clauses) changes.push(...clauseChanges(clause, note.at, note.upTo, line));
  }
  return changes;
}
