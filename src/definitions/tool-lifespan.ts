import type { ToolSpec } from '../schemas/common/define-tool.js';
import {
  compareVersions,
  parseVersion,
  parseVersionBound,
  type VersionBound,
  type VersionTuple,
} from './agent-version.js';

/** In which agent versions a tool exists, as far as the registry knows. */
export interface ToolLifespan {
  /** The first version with the tool (exact from `firstVersion`, or a range read from `history`). */
  first?: VersionBound;
  /** The last version with the tool (exact from `lastVersion`, or read from `history`). */
  last?: VersionBound;
  /** The first version known to be without the tool any more ("Removed in 2.0.0", "absent from 1.0.128"). */
  goneBy?: VersionBound;
  /** The history lines the bounds were read from. */
  evidence: string[];
}

/** Whether a tool exists in a version: `unknown` when the version falls inside a bisected range. */
export type ToolPresence = 'yes' | 'no' | 'unknown';

const version = String.raw`[≈~]?\d+\.\d+\.(?:\d+x*|x+)(?:/\d+\.\d+\.(?:\d+x*|x+))?`;
const patterns = {
  introduced: new RegExp(`^(?:By )?(${version})(?:–(${version}))?: introduced`),
  between: new RegExp(`Introduced between (${version}) and (${version})`),
  addition: new RegExp(`^(${version})(?:–(${version}))? addition`),
  renamedFrom: new RegExp(`^(${version}): renamed from`),
  lifespan: new RegExp(`^(${version})–(${version})(?:;|\\.?$)`),
  namedUpTo: new RegExp(`^≤(${version}): named ([\\w-]+)\\.?$`),
  gone: new RegExp(`(?:[Rr]emoved (?:in|by)|absent from) (${version})`),
  dropped: new RegExp(`^By (${version}): dropped from`),
};

function exact(text: string | undefined): VersionBound | undefined {
  if (text === undefined) return undefined;
  const parsed = parseVersion(text);
  return parsed === undefined ? undefined : { lo: parsed, hi: parsed, text };
}

function span(from: string | undefined, to: string | undefined): VersionBound | undefined {
  const low = from === undefined ? undefined : parseVersionBound(from);
  if (low === undefined) return undefined;
  const high = to === undefined ? low : parseVersionBound(to);
  if (high === undefined) return low;
  return { lo: low.lo, hi: high.hi, text: to === undefined ? low.text : `[${low.text}..${high.text}]` };
}

function after(bound: VersionBound): VersionTuple {
  const [major, minor, patch] = bound.hi;
  return [major, minor, patch + 1];
}

/**
 * The versions a tool exists in: `firstVersion` and `lastVersion` when the registry sets them, otherwise
 * bounds read from the `history` notes written in the registry's fixed phrasings ("2.0.21: introduced",
 * "Introduced between 2.0.50 and 2.0.77", "≈2.1.17–2.1.30; …", "2.1.2xx addition", "0.2.82: renamed from
 * …", "≤1.0.5x: named exit_plan_mode", "Removed in 2.1.178", "absent from 1.0.128", "By 2.1.300: dropped
 * from …"). Other notes are ignored.
 */
export function toolLifespan(spec: ToolSpec): ToolLifespan {
  const lifespan: ToolLifespan = { evidence: [] };
  const first = exact(spec.firstVersion);
  const last = exact(spec.lastVersion);
  if (first !== undefined) lifespan.first = first;
  if (last !== undefined) lifespan.last = last;
  for (const line of spec.history ?? []) {
    let used = false;
    const setFirst = (bound: VersionBound | undefined) => {
      if (bound === undefined || lifespan.first !== undefined) return;
      lifespan.first = bound;
      used = true;
    };
    const setLast = (bound: VersionBound | undefined) => {
      if (bound === undefined || lifespan.last !== undefined) return;
      lifespan.last = bound;
      used = true;
    };
    const setGone = (bound: VersionBound | undefined) => {
      if (bound === undefined || lifespan.goneBy !== undefined) return;
      lifespan.goneBy = bound;
      used = true;
    };
    let match = patterns.introduced.exec(line) ?? patterns.addition.exec(line);
    if (match !== null) setFirst(span(match[1], match[2]));
    match = patterns.between.exec(line);
    if (match?.[1] !== undefined) {
      const before = parseVersionBound(match[1]);
      const by = span(match[2], undefined);
      if (before !== undefined && by !== undefined)
        setFirst({ lo: after(before), hi: by.hi, text: `(${match[1]}..${by.text}]` });
    }
    match = patterns.renamedFrom.exec(line);
    if (match !== null) setFirst(span(match[1], undefined));
    match = patterns.lifespan.exec(line);
    if (match !== null) {
      setFirst(span(match[1], undefined));
      setLast(span(match[2], undefined));
    }
    match = patterns.namedUpTo.exec(line);
    if (match !== null && match[2] === spec.name) setLast(span(match[1], undefined));
    match = patterns.gone.exec(line) ?? patterns.dropped.exec(line);
    if (match !== null) setGone(span(match[1], undefined));
    if (used) lifespan.evidence.push(line);
  }
  return lifespan;
}

/** Whether `spec` exists in `version` (see `toolLifespan`); `unknown` inside a bisected range. */
export function toolPresenceAt(spec: ToolSpec, at: VersionTuple): ToolPresence {
  const lifespan = toolLifespan(spec);
  const answers: ToolPresence[] = [];
  if (lifespan.first !== undefined) {
    if (compareVersions(at, lifespan.first.lo) < 0) answers.push('no');
    else if (compareVersions(at, lifespan.first.hi) < 0) answers.push('unknown');
  }
  if (lifespan.last !== undefined) {
    if (compareVersions(at, lifespan.last.hi) > 0) answers.push('no');
    else if (compareVersions(at, lifespan.last.lo) > 0) answers.push('unknown');
  }
  if (lifespan.goneBy !== undefined) {
    if (compareVersions(at, lifespan.goneBy.hi) >= 0) answers.push('no');
    else if (compareVersions(at, lifespan.goneBy.lo) >= 0) answers.push('unknown');
  }
  if (spec.status === 'removed' && lifespan.last === undefined && lifespan.goneBy === undefined)
    answers.push('unknown');
  if (answers.includes('no')) return 'no';
  return answers.includes('unknown') ? 'unknown' : 'yes';
}

/** The lifespan as one short text: `2.1.63+`, `≤2.1.62`, `1.0.6x–1.0.1xx`, `2.0.64–(gone by 2.1.300)`. */
export function formatLifespan(spec: ToolSpec): string {
  const lifespan = toolLifespan(spec);
  const start = lifespan.first?.text;
  const end =
    lifespan.last?.text ??
    (lifespan.goneBy === undefined ? undefined : `(gone by ${lifespan.goneBy.text})`) ??
    (spec.status === 'removed' ? '(removed)' : undefined);
  if (start === undefined && end === undefined) return 'all known';
  if (start === undefined) return end?.startsWith('(') ? `…–${end}` : `≤${end}`;
  if (end === undefined) return `${start}+`;
  return `${start}–${end}`;
}
