// The internal tables of the index (`_`-prefixed), which hold the cache itself: its metadata, the units and
// per-file facts, the stored report models and the cached answers. Their layout may change any release.
import type { ColumnDoc, TableDoc } from './table-doc.js';

/** The unit a kept value was taken from, and the unit's signature then (`what`: the value). */
function signedUnit(what: string): ColumnDoc[] {
  return [
    { name: 'unit_id', type: 'INTEGER', description: 'unit', constraint: 'NOT NULL' },
    {
      name: 'signature',
      type: 'TEXT',
      description: `the unit's signature the ${what} was taken at`,
      constraint: 'NOT NULL',
    },
  ];
}

/** The internal tables, in the order `agentlog sql --tables` lists them (after the public ones). */
export const internalTables: TableDoc[] = [
  {
    name: '_meta',
    internal: true,
    description: 'cache metadata: agentlog version, schema, last update',
    columns: [
      { name: 'key', type: 'TEXT', description: 'name', constraint: 'PRIMARY KEY' },
      { name: 'value', type: 'TEXT', description: 'value' },
    ],
  },
  {
    name: '_units',
    internal: true,
    description: 'groups of files built together (a session with its subagent files, a Codex thread family)',
    columns: [
      // Never reused: a refresh keeps sets of the unit ids it built and removed.
      { name: 'id', type: 'INTEGER', description: 'unit id', constraint: 'PRIMARY KEY AUTOINCREMENT' },
      { name: 'key', type: 'TEXT', description: 'grouping key', constraint: 'NOT NULL UNIQUE' },
      {
        name: 'signature',
        type: 'TEXT',
        description: 'hash of the members and their states',
        constraint: 'NOT NULL',
      },
      {
        name: 'searchable',
        type: 'INTEGER',
        description: '1 once its texts are in search',
        constraint: 'NOT NULL DEFAULT 0',
      },
      { name: 'search_first', type: 'INTEGER', description: 'first rowid in search' },
      { name: 'search_last', type: 'INTEGER', description: 'last rowid in search' },
      { name: 'built_at', type: 'TEXT', description: 'ISO time', constraint: 'NOT NULL' },
    ],
  },
  {
    name: '_facts',
    internal: true,
    description: 'per-file facts computed outside the index (validation counts for drift), by file state',
    columns: [
      { name: 'path', type: 'TEXT', description: 'file', constraint: 'NOT NULL' },
      {
        name: 'kind',
        type: 'TEXT',
        description: 'what the fact is, with its version',
        constraint: 'NOT NULL',
      },
      { name: 'size', type: 'INTEGER', description: 'file size it was computed for', constraint: 'NOT NULL' },
      {
        name: 'mtime_ms',
        type: 'REAL',
        description: 'modification time it was computed for',
        constraint: 'NOT NULL',
      },
      {
        name: 'identity',
        type: 'TEXT',
        description: 'inode and change time of the file it was computed for',
      },
      { name: 'value', type: 'TEXT', description: 'JSON value', constraint: 'NOT NULL' },
    ],
    // Keyed by (path, kind), which serves the upserts and the deletes by path, with no index beside the rows
    // (a run reads every fact of a kind: a scan of this small table).
    withoutRowid: ['path', 'kind'],
  },
  {
    name: '_session_costs',
    internal: true,
    description:
      "the status line's priced total of a session tree's stored requests, valid for its unit's signature and the prices it names",
    columns: [
      ...signedUnit('total'),
      { name: 'session_id', type: 'TEXT', description: "the tree's session id", constraint: 'NOT NULL' },
      { name: 'pricing', type: 'TEXT', description: 'the prices it was priced with', constraint: 'NOT NULL' },
      {
        name: 'total',
        type: 'TEXT',
        description: 'JSON: the partials of the exact sum of the priced requests',
        constraint: 'NOT NULL',
      },
      { name: 'unpriced', type: 'INTEGER', description: 'requests with no price', constraint: 'NOT NULL' },
      { name: 'last', type: 'TEXT', description: "JSON: the main session's last request" },
    ],
    unique: [['unit_id', 'session_id']],
  },
  {
    name: '_tree_parts',
    internal: true,
    description:
      "a session tree's share of a report (its usage summed for a split and prices, its calls grouped), valid for its unit's signature",
    columns: [
      { name: 'tree', type: 'INTEGER', description: 'the trees row (trees.id)', constraint: 'NOT NULL' },
      ...signedUnit('part'),
      {
        name: 'kind',
        type: 'TEXT',
        description: 'the report and what it was taken for (`usage` with its split, `tools`)',
        constraint: 'NOT NULL',
      },
      {
        name: 'valid_for',
        type: 'TEXT',
        description: 'what else it holds for: the prices, the requests left out as shared',
        constraint: 'NOT NULL',
      },
      { name: 'part', type: 'TEXT', description: 'JSON: the part', constraint: 'NOT NULL' },
    ],
    unique: [['tree', 'kind']],
  },
  {
    name: '_answers',
    internal: true,
    description:
      "a report command's computed answer, valid while the index is up to date with the inputs it was computed for",
    columns: [
      {
        name: 'key',
        type: 'TEXT',
        description: 'a hash of the command, its options and the prices',
        constraint: 'NOT NULL',
      },
      {
        name: 'inputs',
        type: 'TEXT',
        description: "the hash of the run's inputs (`_meta` inputs_hash) it was computed for",
        constraint: 'NOT NULL',
      },
      {
        name: 'value',
        type: 'BLOB',
        description: 'the answer, v8-serialized and raw-deflated',
        constraint: 'NOT NULL',
      },
    ],
    withoutRowid: ['key'],
  },
];
