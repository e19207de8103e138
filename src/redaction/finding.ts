/** A secret found in a text: where it is and what kind it is. `priority`: lower wins where findings overlap. */
export interface Finding {
  kind: string;
  start: number;
  end: number;
  priority: number;
}

/**
 * Sorts findings and merges the overlapping ones into one range (the kind of the one that starts first, or
 * of the higher priority at the same start), so that every character of every finding is replaced once.
 */
export function mergeFindings(findings: readonly Finding[]): Finding[] {
  const sorted = [...findings]
    .filter((f) => f.end > f.start)
    .sort((a, b) => a.start - b.start || a.priority - b.priority || b.end - a.end);
  const merged: Finding[] = [];
  for (const finding of sorted) {
    const last = merged.at(-1);
    if (last && finding.start < last.end) last.end = Math.max(last.end, finding.end);
    else merged.push({ ...finding });
  }
  return merged;
}

/** Every match of a global regex as findings; a named group `secret` narrows the finding to that group. */
export function regexFindings(
  text: string,
  regex: RegExp,
  kind: string,
  priority: number,
  accept: (secret: string) => boolean = () => true,
): Finding[] {
  const findings: Finding[] = [];
  regex.lastIndex = 0;
  for (const match of text.matchAll(regex)) {
    const whole = match[0];
    if (whole.length === 0) continue;
    const group = match.groups?.secret;
    const indices = (match as RegExpMatchArray & { indices?: { groups?: Record<string, [number, number]> } })
      .indices;
    const span = group === undefined ? undefined : indices?.groups?.secret;
    const start = span ? span[0] : (match.index ?? 0);
    const end = span ? span[1] : start + whole.length;
    if (end <= start || !accept(text.slice(start, end))) continue;
    findings.push({ kind, start, end, priority });
  }
  return findings;
}
