import { createHash } from 'node:crypto';

/**
 * How a session's project travels. Its path is the user's own text (a home folder, a client's name), so
 * without `--content` only a digest goes: sessions of one project still group together, and nobody can
 * read the name. With `--content`, the path itself.
 */
export function projectAttributes(project: string | undefined, content: boolean): Record<string, string> {
  if (project === undefined || project === '') return {};
  if (content) return { 'agentlog.project': project };
  return { 'agentlog.project.hash': createHash('sha256').update(project).digest('hex').slice(0, 16) };
}
