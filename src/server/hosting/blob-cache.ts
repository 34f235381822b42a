import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { BlobStore, ByteRange } from '../storage/blob-store';

const MAX_TOTAL_BYTES = 128 * 1024 * 1024;
// Big enough for a site's largest usual files (bundles, hero images), small enough that
// one of them cannot push a whole site's worth of small files out.
const MAX_ITEM_BYTES = MAX_TOTAL_BYTES / 8;

export type BlobProblem = 'missing' | 'corrupt';

/** Where a broken blob was met, for the operator's log. */
export interface BrokenFile {
  deploymentId: string;
  path: string;
}

/** A stored file that is gone from the store, or whose bytes no longer match their hash. */
export class BrokenBlobError extends Error {
  constructor(
    readonly sha256: string,
    readonly problem: BlobProblem,
    readonly file?: BrokenFile,
  ) {
    super(`blob ${sha256} is ${problem}`);
  }

  /** The same problem, told with the file it broke. */
  of(file: BrokenFile): BrokenBlobError {
    return new BrokenBlobError(this.sha256, this.problem, file);
  }
}

function sha256Of(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Recently served blobs kept in memory (least recently used goes first), so a hot site is
 * answered without touching the store: no disk read, no S3 request. Blobs never change,
 * so nothing is ever stale; their bytes are checked against their hash on the way in, so
 * a damaged copy in the store is never served.
 */
export class BlobCache {
  private readonly items = new Map<string, Buffer>();
  /** Reads under way: a burst of requests for a cold file costs the store one read. */
  private readonly reading = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  /** The key last moved to (or put at) the recently used end of `items`. */
  private newest: string | null = null;

  constructor(private readonly store: BlobStore) {}

  /** The cached bytes, synchronously, or null when they must be read. */
  peek(sha256: string): Buffer | null {
    const hit = this.items.get(sha256);
    if (!hit) return null;
    // A hot page asks for the same blob request after request: it is the newest already.
    if (this.newest !== sha256) {
      this.items.delete(sha256);
      this.items.set(sha256, hit);
      this.newest = sha256;
    }
    return hit;
  }

  /** The bytes; rejects with BrokenBlobError when they are missing or damaged. */
  get(sha256: string): Promise<Buffer> {
    const hit = this.peek(sha256);
    if (hit) return Promise.resolve(hit);
    let read = this.reading.get(sha256);
    if (!read) {
      read = this.store.get(sha256).then((data) => {
        if (!data) throw new BrokenBlobError(sha256, 'missing');
        if (sha256Of(data) !== sha256) throw new BrokenBlobError(sha256, 'corrupt');
        this.keep(sha256, data);
        return data;
      });
      const settled = () => this.reading.delete(sha256);
      read.then(settled, settled);
      this.reading.set(sha256, read);
    }
    return read;
  }

  /**
   * The bytes as a stream, for files too big for memory; never cached. A whole blob is
   * hashed as it passes and the stream fails at its end when the bytes were damaged (the
   * visitor's connection is then cut, not closed as if the file were complete); a range
   * cannot be checked without reading the rest.
   */
  async stream(sha256: string, range?: ByteRange, file?: BrokenFile): Promise<Readable> {
    const body = await this.store.stream(sha256, range);
    if (!body) throw new BrokenBlobError(sha256, 'missing', file);
    if (range) return body;
    const hash = createHash('sha256');
    // The last chunk is held back until the hash is known: a damaged file then never
    // reaches its announced length, and the visitor cannot take it for complete.
    let held: Buffer | null = null;
    const checked = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        const previous = held;
        held = chunk;
        done(null, previous ?? undefined);
      },
      flush(done) {
        if (hash.digest('hex') !== sha256)
          return done(new BrokenBlobError(sha256, 'corrupt', file));
        done(null, held ?? undefined);
      },
    });
    // Either side failing or closing early (a visitor leaving) closes both: no handle leaks.
    return pipeline(body, checked, () => {});
  }

  private keep(sha256: string, data: Buffer): void {
    if (data.byteLength > MAX_ITEM_BYTES || this.items.has(sha256)) return;
    this.items.set(sha256, data);
    this.newest = sha256;
    this.bytes += data.byteLength;
    for (const [key, value] of this.items) {
      if (this.bytes <= MAX_TOTAL_BYTES) break;
      this.items.delete(key);
      this.bytes -= value.byteLength;
    }
  }
}
