// Sections shared by the Claude Code and Codex tool pages: facts, version history, OpenAI strictness.

import { code, table } from './markdown.mjs';

/** Compares version tuples. */
function compareTuples(a, b) {
  for (let i = 0; i < 3; i++) if ((a?.[i] ?? 0) !== (b?.[i] ?? 0)) return (a?.[i] ?? 0) - (b?.[i] ?? 0);
  return 0;
}

/** Registry entries that share `spec`'s lineage (same canonical name), oldest first, `spec` included. */
export function lineage(lib, registry, spec) {
  const members = Object.entries(registry).filter(([, other]) => other.canonical === spec.canonical);
  return members
    .map(([name, other]) => ({ name, spec: other, first: lib.toolLifespan(other).first?.lo }))
    .sort((a, b) => compareTuples(a.first, b.first) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The first and last version texts of a tool, in words. */
export function versionFacts(lib, spec) {
  const lifespan = lib.toolLifespan(spec);
  const first = lifespan.first?.text ?? 'not recorded (present in the oldest versions the registry knows)';
  let last = 'still present';
  if (lifespan.last !== undefined) last = lifespan.last.text;
  else if (lifespan.goneBy !== undefined) last = `gone by ${lifespan.goneBy.text}`;
  else if (spec.status === 'removed') last = 'removed (version not recorded)';
  return { first, last, span: lib.formatLifespan(spec) };
}

/** The facts table at the top of a tool page. */
export function factsTable(lib, registry, spec, link) {
  const facts = versionFacts(lib, spec);
  const others = lineage(lib, registry, spec).filter((member) => member.name !== spec.name);
  const rows = [
    ['Name in logs', code(spec.name)],
    ['Canonical name', spec.canonical === spec.name ? code(spec.canonical) : link(spec.canonical)],
    ['Aliases', spec.aliases.length === 0 ? '—' : spec.aliases.map((alias) => code(alias)).join(', ')],
    ['Same tool under other names', others.length === 0 ? '—' : others.map((m) => link(m.name)).join(', ')],
    ['Status', spec.status],
    ['First version', facts.first],
    ['Last version', facts.last],
  ];
  return table(['Property', 'Value'], rows, { raw: true });
}

const logsPattern = /\blogs?\b|not in the spec|\bspec:/i;

/** The history notes as a list, and the notes where real logs differ from the spec, called out. */
export function historySection(spec, row) {
  const parts = [];
  const history = spec.history ?? [];
  if (history.length === 0) parts.push('The registry records no changes of this tool.');
  else parts.push(history.map((line) => `- ${line}`).join('\n'));
  const changes = row?.inputChanges ?? [];
  if (changes.length > 0) {
    const list = (names) => names.map((name) => code(name)).join(', ');
    parts.push(
      'Input fields by version, read from these notes (`inputFieldHistory`; `toolSpecAtVersion` narrows the input schema to a version with them):',
      table(
        ['Version', 'Added', 'Removed', 'Now required', 'Now optional'],
        changes.map((c) => [c.version, list(c.added), list(c.removed), list(c.required), list(c.optional)]),
        { raw: true },
      ),
    );
  }
  const fromLogs = history.filter((line) => logsPattern.test(line));
  if (fromLogs.length > 0)
    parts.push(
      `**Real logs and the spec.** Where they disagree these docs follow the logs (the spec is \`../shared/spec/formats.md\`):\n\n${fromLogs.map((line) => `- ${line}`).join('\n')}`,
    );
  return parts.join('\n\n');
}

/** How the tool converts to an OpenAI function tool in strict mode, from `toOpenAITool`. */
export function openAISection(lib, spec, call) {
  const strict = lib.toOpenAITool(spec, { api: 'chat', strict: true });
  const parts = [];
  if (strict.strict)
    parts.push(
      `Strict-compatible: \`${call}\` gives \`strict: true\`, with every property required and the optional ones made nullable (\`fromOpenAIToolCall\` removes those nulls again).`,
    );
  else
    parts.push(
      `Not strict-compatible: ${strict.reason ?? 'no reason given'} \`${call}\` falls back to \`strict: false\`.`,
    );
  if (strict.openaiName !== spec.name)
    parts.push(
      `The OpenAI name is ${code(strict.openaiName)} (names allow only \`[a-zA-Z0-9_-]\`, 64 characters).`,
    );
  if (strict.notes.length > 0)
    parts.push(
      `Changes made to the schema on the way:\n\n${strict.notes.map((note) => `- ${note}`).join('\n')}`,
    );
  return parts.join('\n\n');
}
