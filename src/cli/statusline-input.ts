/**
 * The JSON Claude Code passes on stdin to a status line command (session id, transcript path, model,
 * workspace, cost...), read leniently: any field may be missing or of another type, and text that is not
 * JSON gives an empty input with the reason. Nothing here throws.
 */

export interface StatusInput {
  sessionId?: string;
  transcriptPath?: string;
  modelId?: string;
  modelName?: string;
  /** `workspace.current_dir`, else `cwd`. */
  currentDir?: string;
  /** Claude Code's own figure for the session (`cost.total_cost_usd`). */
  claudeCost?: number;
  /** `exceeds_200k_tokens`: the last request went past 200k tokens (so the window is 1M). */
  exceeds200k?: boolean;
  /** Why the input could not be read (not JSON, not an object), if so. */
  problem?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export function parseStatusInput(raw: string): StatusInput {
  if (raw.trim() === '') return { problem: 'no input on stdin' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { problem: 'the input on stdin is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'the input on stdin is not a JSON object' };
  const top = value as Record<string, unknown>;
  const model = objectOf(top.model);
  const workspace = objectOf(top.workspace);
  const cost = objectOf(top.cost);
  const input: StatusInput = {};
  const set = <K extends keyof StatusInput>(key: K, v: StatusInput[K] | undefined) => {
    if (v !== undefined) input[key] = v;
  };
  set('sessionId', text(top.session_id));
  set('transcriptPath', text(top.transcript_path));
  // A model given as a bare string is taken as its id.
  set('modelId', text(model.id) ?? text(top.model));
  set('modelName', text(model.display_name));
  set('currentDir', text(workspace.current_dir) ?? text(top.cwd));
  const usd = cost.total_cost_usd;
  set('claudeCost', typeof usd === 'number' && Number.isFinite(usd) && usd >= 0 ? usd : undefined);
  set('exceeds200k', typeof top.exceeds_200k_tokens === 'boolean' ? top.exceeds_200k_tokens : undefined);
  return input;
}

/** The model's context window: 1M when its id ends in `[1m]` or the last request exceeded 200k, else 200k. */
export function contextWindow(input: StatusInput): number {
  if (input.modelId?.toLowerCase().endsWith('[1m]') || input.exceeds200k === true) return 1_000_000;
  return 200_000;
}
