import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The version from package.json (read once; works from `src/` and from `dist/`). */
export function packageVersion(): string {
  if (cached === undefined) {
    const url = new URL('../../package.json', import.meta.url);
    const parsed = JSON.parse(readFileSync(url, 'utf8')) as { version?: unknown };
    cached = typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  }
  return cached;
}
