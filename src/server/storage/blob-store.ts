import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file contents live, addressed by their sha-256 (hex). A local folder today; an
 * S3-compatible bucket later implements the same four calls.
 */
export interface BlobStore {
  get(sha256: string): Promise<Buffer | null>;
  put(sha256: string, data: Uint8Array): Promise<void>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
}

const SHA256 = /^[0-9a-f]{64}$/;

function checked(sha256: string): string {
  // The name becomes a path: only a real hash may reach the file system.
  if (!SHA256.test(sha256)) throw new Error(`not a sha-256: ${sha256.slice(0, 80)}`);
  return sha256;
}

/** DATA_DIR/blobs/ab/cdef…: two-level fan-out keeps folders small. */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(sha256: string): string {
    const sha = checked(sha256);
    return path.join(this.root, sha.slice(0, 2), sha.slice(2));
  }

  async get(sha256: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(sha256));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async put(sha256: string, data: Uint8Array): Promise<void> {
    const file = this.file(sha256);
    if (await this.has(sha256)) return;
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader (or a crash) never sees half a blob.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.file(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.file(sha256), { force: true });
  }
}
