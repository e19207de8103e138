/**
 * The archive's pack files: a run appends its compressed objects to a pack of its own
 * (`packs/<pid>-<random>.pack`, never shared with another process), and makes them durable with one
 * `fdatasync` per batch before the catalogue names them. Bytes that no committed version names (a run
 * killed or a disk full before its commit) are dead space that no reader visits; a run truncates its own
 * pack back to the last committed byte when it ends, and removes a pack that holds nothing committed.
 */
import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder } from './sync-folder.js';

/** The folder of the pack files. */
export function packFolder(dir: string): string {
  return path.join(dir, 'packs');
}

/** The path of a pack file by its name. */
export function packPath(dir: string, pack: string): string {
  return path.join(packFolder(dir), pack);
}

/** Where an object's compressed bytes lie. */
export interface PackedAt {
  pack: string;
  offset: number;
}

export interface PackWriterOptions {
  /**
   * Test hook: a write fails with ENOSPC once this many compressed bytes were written by this process
   * (a full disk, without a full disk).
   */
  failAfterBytes?: number;
}

let writtenInProcess = 0;

/** One run's pack file, made on its first write. */
export class PackWriter {
  readonly name = `${process.pid}-${randomBytes(6).toString('hex')}.pack`;
  private handle: Promise<FileHandle> | undefined;
  /** Bytes reserved so far: the next object's offset. */
  private end = 0;
  /** The end of the objects a committed version names (the pack is cut back to it when the run ends). */
  private committedEnd = 0;
  /** The end of the objects written whole (a failed write leaves a partial object after it). */
  private writtenEnd = 0;
  private folderSynced = false;

  constructor(
    private readonly dir: string,
    private readonly options: PackWriterOptions = {},
  ) {}

  /** Appends `bytes` as one object and says where; concurrent appends get disjoint ranges. */
  async append(bytes: Buffer): Promise<PackedAt> {
    const offset = this.end;
    this.end += bytes.length;
    const handle = await this.open();
    let written = 0;
    while (written < bytes.length) {
      const want = bytes.length - written;
      const limit = this.options.failAfterBytes;
      if (limit !== undefined && writtenInProcess + want > limit)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      const { bytesWritten } = await handle.write(bytes, written, want, offset + written);
      written += bytesWritten;
      writtenInProcess += bytesWritten;
    }
    this.writtenEnd = Math.max(this.writtenEnd, offset + bytes.length);
    return { pack: this.name, offset };
  }

  /** Makes every byte appended so far durable (and the pack's name in its folder, the first time). */
  async sync(): Promise<void> {
    if (!this.handle) return;
    await (await this.handle).datasync();
    if (!this.folderSynced) {
      await syncFolder(packFolder(this.dir));
      this.folderSynced = true;
    }
  }

  /**
   * Cuts away the partial objects of failed writes at the end of the pack (after a full disk: the space
   * they took is what the catalogue needs to commit the objects written whole).
   */
  dropFailedWrites(): Promise<void> {
    return this.cutBack(this.writtenEnd);
  }

  /**
   * Cuts the pack back to `end` (never below what committed versions name): the objects after it are given
   * up, and so is the room they took on a full disk.
   */
  async cutBack(end: number): Promise<void> {
    if (!this.handle) return;
    const handle = await this.handle.catch(() => undefined);
    const to = Math.max(end, this.committedEnd);
    if (handle && to < this.end) {
      await handle.truncate(to).catch(() => undefined);
      this.end = to;
      this.writtenEnd = Math.min(this.writtenEnd, to);
    }
  }

  /** Says that a committed version names the bytes up to `end`. */
  committed(end: number): void {
    this.committedEnd = Math.max(this.committedEnd, end);
  }

  /** Closes the pack: cut back to its committed bytes, or removed when nothing committed is in it. */
  async close(): Promise<void> {
    if (!this.handle) return;
    const handle = await this.handle.catch(() => undefined);
    this.handle = undefined;
    if (!handle) return;
    try {
      if (this.committedEnd < this.end) await handle.truncate(this.committedEnd).catch(() => undefined);
    } finally {
      await handle.close().catch(() => undefined);
    }
    if (this.committedEnd === 0) await rm(packPath(this.dir, this.name), { force: true });
  }

  private open(): Promise<FileHandle> {
    this.handle ??= (async () => {
      await mkdir(packFolder(this.dir), { recursive: true, mode: 0o700 });
      return open(packPath(this.dir, this.name), 'wx', 0o600);
    })();
    return this.handle;
  }
}
