// The price data `agentlog pricing update` downloads, kept in the cache folder (`genai-prices.json`),
// written atomically (a temporary file, fsync, rename) and its shape checked when read.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { DatabaseProvider, PriceDatabase } from '../analytics/pricing/index.js';

/**
 * The price database `agentlog pricing update` downloaded, stored in the cache folder as one JSON file: where it
 * came from, when, and the providers (the genai-prices data as served). Written whole to a temporary file and
 * renamed over the old one, so a reader sees the old copy or the new one, never a part.
 */
export const priceDatabaseFileName = 'genai-prices.json';

export interface StoredPriceDatabase {
  url: string;
  /** ISO time of the download. */
  fetchedAt: string;
  /** The server's `Last-Modified`, when it sent one. */
  lastModified?: string;
  providers: DatabaseProvider[];
}

export function priceDatabasePath(cacheDir: string): string {
  return path.join(cacheDir, priceDatabaseFileName);
}

/**
 * The stored copy, or undefined when there is none; a file that cannot be read or is not a stored copy throws
 * an Error whose message says so in one sentence. The providers are not validated again (they were when stored).
 */
export function readStoredPriceDatabase(cacheDir: string): PriceDatabase | undefined {
  const file = priceDatabasePath(cacheDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // No copy, or no cache folder to hold one (a cache folder that is a file is the index's to report).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new Error(
      `The downloaded prices "${file}" cannot be read (${(error as NodeJS.ErrnoException).code}).`,
    );
  }
  let stored: Partial<StoredPriceDatabase>;
  try {
    stored = JSON.parse(text) as Partial<StoredPriceDatabase>;
  } catch {
    stored = {};
  }
  if (
    typeof stored.url !== 'string' ||
    typeof stored.fetchedAt !== 'string' ||
    !Array.isArray(stored.providers)
  )
    throw new Error(
      `The downloaded prices "${file}" are damaged; run "agentlog pricing update" again or delete the file.`,
    );
  return {
    providers: stored.providers,
    origin: { kind: 'downloaded', source: stored.url, fetchedAt: stored.fetchedAt, file },
  };
}

/** Stores `stored` as the downloaded copy (folder 0700, file 0600), atomically. */
export function writeStoredPriceDatabase(cacheDir: string, stored: StoredPriceDatabase): string {
  mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const file = priceDatabasePath(cacheDir);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(stored)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return file;
}
