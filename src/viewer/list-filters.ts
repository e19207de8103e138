import type { Session } from '../model/session.js';
import { agents, isAgent } from '../schemas/common/agent.js';

/** The session list's filters, from the query string of `/` and `/dashboard`. */
export interface ListFilters {
  project?: string;
  agent?: string;
  /** `YYYY-MM-DD`, inclusive, UTC. */
  since?: string;
  until?: string;
  /** Only sessions with failed calls (status error). */
  errors?: boolean;
  state?: string;
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** Filters from URL search parameters; values that are not valid are dropped and reported in `problems`. */
export function parseListFilters(params: URLSearchParams): { filters: ListFilters; problems: string[] } {
  const filters: ListFilters = {};
  const problems: string[] = [];
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const project = text('project');
  if (project !== undefined) filters.project = project;
  const agent = text('agent');
  if (agent !== undefined) {
    if (isAgent(agent)) filters.agent = agent;
    else problems.push(`Agent must be one of ${agents.map((a) => `"${a}"`).join(', ')}, got "${agent}".`);
  }
  for (const name of ['since', 'until'] as const) {
    const value = text(name);
    if (value === undefined) continue;
    if (dateOnly.test(value) && !Number.isNaN(Date.parse(value))) filters[name] = value;
    else problems.push(`The ${name} date must look like "2026-01-31", got "${value}".`);
  }
  if (params.get('errors') === '1') filters.errors = true;
  const state = text('state');
  if (state !== undefined) filters.state = state;
  return { filters, problems };
}

/** True when a session passes the filters (`state` is checked by the caller, which knows the states). */
export function matchesListFilters(session: Session, filters: ListFilters, failed: number): boolean {
  if (filters.agent !== undefined && session.agent !== filters.agent) return false;
  if (filters.project !== undefined) {
    const needle = filters.project.toLowerCase();
    if (![session.project, ...session.cwds].some((h) => h?.toLowerCase().includes(needle))) return false;
  }
  const start = session.startTime?.slice(0, 10);
  const end = (session.endTime ?? session.startTime)?.slice(0, 10);
  if (filters.since !== undefined && (end === undefined || end < filters.since)) return false;
  if (filters.until !== undefined && (start === undefined || start > filters.until)) return false;
  if (filters.errors && failed === 0) return false;
  return true;
}

/** The filters as a query string (for links between the list and the dashboard). */
export function filtersQuery(filters: ListFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== false) params.set(key, value === true ? '1' : String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
