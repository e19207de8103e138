import { builtinFindings } from './builtin-patterns.js';
import { type Finding, mergeFindings } from './finding.js';
import { secretlintFindings } from './secretlint-findings.js';
import { loadUserPatterns, type UserPattern, userFindings } from './user-patterns.js';

export interface RedactionOptions {
  /** User patterns: a JSON file `{ "patterns": [{ "kind": "employee-id", "regex": "EMP-[0-9]{6}", "flags": "i" }] }`. */
  patternsFile?: string;
}

export interface Redactor {
  /**
   * A deep copy of a JSON-like value (plain objects, arrays, strings) with every secret in every string
   * replaced by a stable placeholder `[REDACTED:<kind>:<n>]` (same secret -> same placeholder within this
   * redactor, whichever rule found it). A secret found anywhere in the value is also replaced wherever else
   * it occurs in the value on its own (where no rule would see it: a key's body without its header, a
   * password without its URL), and in every later text of this redactor. Object keys are redacted too;
   * numbers, booleans and null are kept.
   */
  redact<T>(value: T): Promise<T>;
  redactText(text: string): Promise<string>;
  /** Counts of replacements by kind, e.g. { "aws-access-key": 2 }. */
  summary(): Record<string, number>;
}

/** Shortest text that can hold a secret. */
const minLength = 8;
/** Shortest secret that is followed to its other occurrences (shorter ones would hit ordinary words). */
const minFollowed = 6;
/** Lines of a private key block's body that are followed on their own (a base64 line, not a word). */
const minKeyLine = 24;
/** Texts where a secret pattern can match (a long token run, a URL, a key block, a key word). */
const candidate = /[A-Za-z0-9_+/=.-]{16,}|:\/\/|-----BEGIN|pass|pwd|secret|token|key|auth|bearer|cred/i;
/**
 * Texts the secretlint preset can find something in: every rule of the recommended preset needs one of these
 * (a key prefix, a URL, a key block, a `secret`/`account` key name). Calling secretlint costs ~0.1 ms per text,
 * so the many ids, paths and short strings of a session skip it; the prefixes are the rules' own.
 */
const secretlintCandidate =
  /A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|SECRET|[Ss]ecret|ACCOUNT|[Aa]ccount|private|BEGIN|_authToken|:\/\/|xox[bpaor]-|xapp-|SG\.|shp(?:pa|ca|at|ss)_|gh[pousr]_|github_pat_|glpat-|glc_|glsa_|sk-(?:proj-|svcacct-|admin-|ant-|[A-Za-z0-9]{20}T3BlbkFJ)|gsk_|hf_|lin_api_|ntn_|ops_ey|hv[sbr]\.|vc[piark]_|dapi[A-Fa-f0-9]|dckr_pat_|figd_|npm_/;
/** Long texts that are only base64 (images, documents): nothing readable to redact. */
const base64Blob = /^[A-Za-z0-9+/=\r\n]+$/;
/** Characters of texts kept in the per-text cache before it is emptied (memory stays flat). */
const cacheBudget = 64 * 1024 * 1024;

const priorities = { secretlint: 0, builtin: 1, user: 2 } as const;
/** Kinds that say only "a secret": a value some rule names more precisely gets that rule's kind. */
const genericKinds: ReadonlySet<string> = new Set(['secret', 'password']);

/** Whether `a` names a secret better than `b`: a specific kind over a generic one, then the rule's priority. */
function better(a: { kind: string; priority: number }, b: { kind: string; priority: number }): boolean {
  const generic = Number(genericKinds.has(a.kind)) - Number(genericKinds.has(b.kind));
  return generic !== 0 ? generic < 0 : a.priority < b.priority;
}

/**
 * A redactor: secrets found by the secretlint recommended preset, agentlog's own patterns for what the
 * preset leaves out (see `builtinPatterns`), and the user's patterns from `patternsFile`. Findings are cached
 * per distinct text, so a text repeated across a session (a file read twice, a replayed result) is scanned once.
 */
export async function createRedactor(options: RedactionOptions = {}): Promise<Redactor> {
  const userPatterns: UserPattern[] =
    options.patternsFile === undefined ? [] : await loadUserPatterns(options.patternsFile);
  const cache = new Map<string, Finding[]>();
  let cached = 0;
  /** Each secret found so far and the best kind a rule gave it (see {@link better}). */
  const found = new Map<string, { kind: string; priority: number }>();
  /** Each secret's placeholder, given where it is first written: one value, one placeholder. */
  const placeholders = new Map<string, string>();
  /** Placeholders given so far per kind. */
  const numbered = new Map<string, number>();
  /** The secrets followed to their other occurrences, longest first (so a longer one wins where both match). */
  let followed: string[] = [];
  const counts: Record<string, number> = {};

  /** Records a found secret under its best kind; what is long enough is followed from then on. */
  const remember = (kind: string, priority: number, secret: string) => {
    const values = [secret];
    // A key block is also found by its body lines, which travel on their own (a `cat` of half the file).
    if (kind === 'private-key')
      for (const line of secret.split(/\r?\n/)) {
        const body = line.trim();
        if (body.length >= minKeyLine && !body.startsWith('-----')) values.push(body);
      }
    let added = false;
    for (const value of values) {
      const known = found.get(value);
      if (known && !better({ kind, priority }, known)) continue;
      found.set(value, { kind, priority });
      if (!known && value.length >= minFollowed) added = true;
    }
    if (added)
      followed = [...found.keys()].filter((v) => v.length >= minFollowed).sort((a, b) => b.length - a.length);
  };

  const analyze = async (text: string): Promise<Finding[]> => {
    const hit = cache.get(text);
    if (hit) return hit;
    const findings: Finding[] = userFindings(text, userPatterns, priorities.user);
    if (text.length >= minLength && candidate.test(text) && !(text.length > 4096 && base64Blob.test(text))) {
      if (secretlintCandidate.test(text))
        findings.push(...(await secretlintFindings(text, priorities.secretlint)));
      findings.push(...builtinFindings(text, priorities.builtin));
    }
    const merged = mergeFindings(findings);
    for (const f of [...findings, ...merged]) remember(f.kind, f.priority, text.slice(f.start, f.end));
    if (cached + text.length > cacheBudget) {
      cache.clear();
      cached = 0;
    }
    cache.set(text, merged);
    cached += text.length;
    return merged;
  };

  const placeholder = (kind: string, secret: string): string => {
    let given = placeholders.get(secret);
    if (given === undefined) {
      const best = found.get(secret)?.kind ?? kind;
      const n = (numbered.get(best) ?? 0) + 1;
      numbered.set(best, n);
      given = `[REDACTED:${best}:${n}]`;
      placeholders.set(secret, given);
    }
    const givenKind = given.slice('[REDACTED:'.length, given.lastIndexOf(':'));
    counts[givenKind] = (counts[givenKind] ?? 0) + 1;
    return given;
  };

  /** Where the secrets found so far occur in `text`, rules or not. */
  const followedIn = (text: string): Finding[] => {
    const found: Finding[] = [];
    for (const value of followed) {
      if (value.length > text.length) continue;
      for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length))
        found.push({ kind: '', start: at, end: at + value.length, priority: -1 });
    }
    return found;
  };

  const apply = (text: string, ruleFindings: readonly Finding[]): string => {
    const extra = followedIn(text);
    const findings = extra.length === 0 ? ruleFindings : mergeFindings([...ruleFindings, ...extra]);
    if (findings.length === 0) return text;
    let out = '';
    let at = 0;
    for (const f of findings) {
      const secret = text.slice(f.start, f.end);
      // A followed value has the kind it was found with (a span merged from several: `secret`).
      out += text.slice(at, f.start) + placeholder(f.kind || 'secret', secret);
      at = f.end;
    }
    return out + text.slice(at);
  };

  const redactText = async (text: string) => apply(text, await analyze(text));

  return {
    redactText,
    async redact<T>(value: T): Promise<T> {
      // First pass: scan each distinct string once, in order; second pass: copy, numbering secrets in order.
      const seen = new Set<unknown>();
      const scan = async (v: unknown): Promise<void> => {
        if (typeof v === 'string') {
          await analyze(v);
          return;
        }
        if (v === null || typeof v !== 'object' || seen.has(v)) return;
        seen.add(v);
        if (Array.isArray(v)) for (const item of v) await scan(item);
        else
          for (const [key, item] of Object.entries(v)) {
            await analyze(key);
            await scan(item);
          }
      };
      await scan(value);
      const copies = new Map<object, unknown>();
      const copy = async (v: unknown): Promise<unknown> => {
        if (typeof v === 'string') return apply(v, cache.get(v) ?? (await analyze(v)));
        if (v === null || typeof v !== 'object') return v;
        const done = copies.get(v);
        if (done !== undefined) return done;
        if (Array.isArray(v)) {
          const out: unknown[] = [];
          copies.set(v, out);
          for (const item of v) out.push(await copy(item));
          return out;
        }
        const out: Record<string, unknown> = {};
        copies.set(v, out);
        for (const [key, item] of Object.entries(v)) out[(await copy(key)) as string] = await copy(item);
        return out;
      };
      return (await copy(value)) as T;
    },
    summary: () => ({ ...counts }),
  };
}
