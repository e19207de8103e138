import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertOutsideInputs, CacheLocationError, resolveCacheDir } from './cache-location.js';

describe('resolveCacheDir', () => {
  it('takes --cache-dir, then AGENTLOG_CACHE_DIR, then XDG_CACHE_HOME, then HOME', () => {
    const env = { AGENTLOG_CACHE_DIR: '/a', XDG_CACHE_HOME: '/x', HOME: '/h' };
    expect(resolveCacheDir(env, '/flag')).toBe('/flag');
    expect(resolveCacheDir(env)).toBe('/a');
    expect(resolveCacheDir({ XDG_CACHE_HOME: '/x', HOME: '/h' })).toBe('/x/agentlog');
    expect(resolveCacheDir({ HOME: '/h' })).toBe('/h/.cache/agentlog');
    // A relative XDG_CACHE_HOME is invalid per the spec and ignored.
    expect(resolveCacheDir({ XDG_CACHE_HOME: 'rel', HOME: '/h' })).toBe('/h/.cache/agentlog');
    expect(resolveCacheDir({ HOME: '  ' })).toBeUndefined();
    expect(resolveCacheDir({})).toBeUndefined();
  });
});

describe('assertOutsideInputs', () => {
  it('refuses the input folder itself, a folder inside it, and one reached through a link', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'agentlog-location-'));
    try {
      const logs = path.join(root, 'logs');
      mkdirSync(logs);
      symlinkSync(logs, path.join(root, 'link'));
      expect(() => assertOutsideInputs(logs, [logs])).toThrow(CacheLocationError);
      expect(() => assertOutsideInputs(path.join(logs, 'not', 'yet', 'made'), [logs])).toThrow(
        /is inside the input/,
      );
      expect(() => assertOutsideInputs(path.join(root, 'link', 'cache'), [logs])).toThrow(CacheLocationError);
      expect(() => assertOutsideInputs(path.join(root, 'logs-cache'), [logs])).not.toThrow();
      expect(() =>
        assertOutsideInputs(path.join(root, 'cache'), [logs, path.join(root, 'other')]),
      ).not.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
