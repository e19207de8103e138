import path from 'node:path';

/** Resolves a configured folder: a leading `~` means `home`; relative paths resolve against the working folder. */
export function expandHome(value: string, home: string): string {
  if (value === '~') return path.resolve(home);
  if (value.startsWith('~/') || value.startsWith(`~${path.sep}`)) return path.resolve(home, value.slice(2));
  return path.resolve(value);
}
