import { claudeCodeTools } from '../agents/claude-code/tools/registry.js';
import type { ToolSpec, ToolStatus } from '../schemas/common/define-tool.js';
import { parseVersion } from './agent-version.js';
import { inputFieldHistory } from './input-field-history.js';
import { formatLifespan, type ToolPresence, toolLifespan, toolPresenceAt } from './tool-lifespan.js';

/** The input changes of one version, by kind. */
export interface InputChangesAt {
  version: string;
  added: string[];
  removed: string[];
  required: string[];
  optional: string[];
}

/** One tool of the version matrix. */
export interface ToolVersionRow {
  name: string;
  canonical: string;
  status: ToolStatus;
  /** `2.1.63+`, `≤2.1.62`, `[2.0.51..2.0.77]+`, `1.0.6x–(gone by 1.0.70)`, `all known`. */
  versions: string;
  first?: string;
  last?: string;
  goneBy?: string;
  /** Input field changes read from the history, oldest first. */
  inputChanges: InputChangesAt[];
  /** Presence in each version asked for (`options.versions`). */
  presence?: Record<string, ToolPresence>;
}

/** Options of `toolVersionMatrix`. */
export interface ToolVersionMatrixOptions {
  /** Versions to give each tool's presence in (`yes`, `no`, `unknown`). */
  versions?: readonly string[];
  /** The registry (default: Claude Code's). */
  tools?: Readonly<Record<string, ToolSpec>>;
}

function inputChanges(spec: ToolSpec): InputChangesAt[] {
  const byVersion = new Map<string, InputChangesAt>();
  for (const change of inputFieldHistory(spec)) {
    const key = change.at.text;
    const row = byVersion.get(key) ?? { version: key, added: [], removed: [], required: [], optional: [] };
    row[change.change].push(change.field);
    byVersion.set(key, row);
  }
  return [...byVersion.values()];
}

/**
 * Which tools exist in which agent versions, from each spec's `firstVersion`, `lastVersion`, `status` and
 * `history` (see `toolLifespan`), with the input field changes the history records (`inputFieldHistory`).
 * Versions that do not parse are left out of `presence`.
 */
export function toolVersionMatrix(options: ToolVersionMatrixOptions = {}): ToolVersionRow[] {
  const tools = options.tools ?? claudeCodeTools;
  return Object.values(tools).map((spec) => {
    const lifespan = toolLifespan(spec);
    const row: ToolVersionRow = {
      name: spec.name,
      canonical: spec.canonical,
      status: spec.status,
      versions: formatLifespan(spec),
      ...(lifespan.first === undefined ? {} : { first: lifespan.first.text }),
      ...(lifespan.last === undefined ? {} : { last: lifespan.last.text }),
      ...(lifespan.goneBy === undefined ? {} : { goneBy: lifespan.goneBy.text }),
      inputChanges: inputChanges(spec),
    };
    if (options.versions !== undefined) {
      const presence: Record<string, ToolPresence> = {};
      for (const text of options.versions) {
        const version = parseVersion(text);
        if (version !== undefined) presence[text] = toolPresenceAt(spec, version);
      }
      row.presence = presence;
    }
    return row;
  });
}
