import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, statfs } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { blobPath, type BlobStore, type ByteRange } from './blob-store';

/** What a blob write leaves behind when it dies halfway: `<hash>.<random>.tmp`. */
const TEMP = /\.[0-9a-f]{12}\.tmp$/;

/**
 * Space kept free on the blobs' disk. The SQLite database usually lives on the same disk
 * (DATA_DIR); once blobs fill it, every session insert fails and sign-in answers 500. Blob
 * writes stop short of this, so the database always has room to grow.
 */
export const DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/** A write refused because the disk is full (or would be), with the errno callers map. */
export function diskFullError(message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code: 'ENOSPC' });
}

/** DATA_DIR/blobs/ab/cdef…: the store of a single machine. */
export class LocalBlobStore implements BlobStore {
  /**
   * Each write holds one of libuv's four threads (its fsync most of all), which serving
   * files and every other deployment share: a large build storing 1,800 files eight at a
   * time once added a third of a second to a small deploy beside it.
   */
  readonly writeConcurrency = 2;
  /** Fan-out folders known to exist, so most writes skip the mkdir. */
  private readonly folders = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly reserveBytes = DISK_RESERVE_BYTES,
  ) {}

  private file(sha256: string): string {
    return path.join(this.root, blobPath(sha256));
  }

  async get(sha256: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(sha256));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stream(sha256: string, range?: ByteRange): Promise<Readable | null> {
    try {
      // Opened here, so a missing blob is a null and not an error event on the stream.
      const handle = await open(this.file(sha256));
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /**
   * Writes a temp file beside the blob, flushes it to disk, and renames it into place, so a
   * reader, a crash or a full disk never leaves half a blob under its hash; the temp file
   * goes on any failure.
   */
  async put(sha256: string, data: Uint8Array): Promise<void> {
    const file = this.file(sha256);
    if (await this.has(sha256)) return;
    const folder = path.dirname(file);
    if (!this.folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.folders.add(folder);
    }
    const { bavail, bsize } = await statfs(folder);
    if (bavail * bsize - data.byteLength < this.reserveBytes) {
      throw diskFullError(`no space left for blobs in ${this.root}`);
    }
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(tmp, 'wx').catch(async (err: NodeJS.ErrnoException) => {
        // the folder went away (emptied by hand): make it again
        if (err.code !== 'ENOENT') throw err;
        await mkdir(folder, { recursive: true });
        return open(tmp, 'wx');
      });
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.file(sha256));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.file(sha256), { force: true });
  }

  /**
   * Removes temp files older than `olderThanMs` (left by a process killed mid-write); a
   * younger one may belong to a write still running in another process on this folder.
   * Returns how many went.
   */
  async sweepTemps(olderThanMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const entry of entries) {
      if (!TEMP.test(entry)) continue;
      const full = path.join(this.root, entry);
      const info = await stat(full).catch(() => null);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      await rm(full, { force: true });
      removed++;
    }
    return removed;
  }

  close(): void {}
}
