// Small helpers shared by the Claude Code and Codex writers.

/** `a >= b` for dotted versions. */
export function atLeast(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return true;
}

/** Rough token count of some text, for plausible usage numbers. */
export const tokensOf = (text) => Math.ceil(text.length / 3.6) + 4;

/** Drops `undefined` values (so optional fields keep the key order of the literal they come from). */
export function clean(object) {
  const out = {};
  for (const [key, value] of Object.entries(object)) if (value !== undefined) out[key] = value;
  return out;
}
