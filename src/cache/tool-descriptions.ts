/**
 * What each tool of the index does (the tool inventory's `description`), kept in `_meta` for every agent and
 * tool name of the rows, so that a warm `report` or `tools` describes its tools without loading the agents'
 * registries (and their schemas). The descriptions come from the registries (the CLI's `describeTool`,
 * passed in: the cache sees no agent); an index is rebuilt for another agentlog version, so they are those the
 * running registries give. Used only when they cover every tool of the rows.
 */
import type Database from 'better-sqlite3';

const metaKey = 'tool_descriptions';

/** Describes a tool of an agent: a description, or undefined for none. */
export type DescribeTool = (agent: string, tool: string) => string | undefined;

/** Every (agent, tool name) of the rows: each tool name under each agent of the sessions. */
function toolsOfRows(db: Database.Database): { agents: string[]; tools: string[] } {
  return {
    agents: (db.prepare('SELECT DISTINCT agent FROM sessions').pluck().all() as (string | null)[]).filter(
      (a): a is string => a !== null,
    ),
    tools: (db.prepare('SELECT DISTINCT tool FROM tool_calls').pluck().all() as (string | null)[]).filter(
      (t): t is string => t !== null,
    ),
  };
}

function keyOf(agent: string, tool: string): string {
  return `${agent}\u0000${tool}`;
}

/**
 * The stored descriptions as a describer, or undefined when they do not cover every agent and tool of the
 * rows (tools met since they were stored; an index written before they were kept).
 */
export function storedToolDescriber(db: Database.Database): DescribeTool | undefined {
  const row = db.prepare('SELECT value FROM _meta WHERE key = ?').get(metaKey) as
    | { value: string }
    | undefined;
  if (row === undefined) return undefined;
  let stored: Record<string, string | null>;
  try {
    stored = JSON.parse(row.value) as Record<string, string | null>;
  } catch {
    return undefined;
  }
  const known = new Map(Object.entries(stored));
  const { agents, tools } = toolsOfRows(db);
  for (const agent of agents) for (const tool of tools) if (!known.has(keyOf(agent, tool))) return undefined;
  return (agent, tool) => known.get(keyOf(agent, tool)) ?? undefined;
}

/** Stores the descriptions `describe` gives of every agent and tool of the rows (when they changed). */
export function saveToolDescriptions(db: Database.Database, describe: DescribeTool): void {
  const { agents, tools } = toolsOfRows(db);
  const descriptions: Record<string, string | null> = {};
  for (const agent of agents)
    for (const tool of tools) descriptions[keyOf(agent, tool)] = describe(agent, tool) ?? null;
  const value = JSON.stringify(descriptions);
  const row = db.prepare('SELECT value FROM _meta WHERE key = ?').get(metaKey) as
    | { value: string }
    | undefined;
  if (row?.value === value) return;
  db.prepare('INSERT OR REPLACE INTO _meta (key, value) VALUES (?, ?)').run(metaKey, value);
}
