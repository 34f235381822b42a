import type { BlobStore } from '../storage/blob-store';

const MAX_TOTAL_BYTES = 128 * 1024 * 1024;
const MAX_ITEM_BYTES = 4 * 1024 * 1024;

/**
 * Recently served blobs kept in memory (least recently used goes first), so a hot site is
 * answered without touching the disk. Blobs never change, so nothing is ever stale.
 */
export class BlobCache {
  private readonly items = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly store: BlobStore) {}

  /** The cached bytes, synchronously, or null when they must be read. */
  peek(sha256: string): Buffer | null {
    const hit = this.items.get(sha256);
    if (!hit) return null;
    this.items.delete(sha256);
    this.items.set(sha256, hit);
    return hit;
  }

  async get(sha256: string): Promise<Buffer | null> {
    const hit = this.peek(sha256);
    if (hit) return hit;
    const data = await this.store.get(sha256);
    if (data && data.byteLength <= MAX_ITEM_BYTES) {
      this.items.set(sha256, data);
      this.bytes += data.byteLength;
      for (const [key, value] of this.items) {
        if (this.bytes <= MAX_TOTAL_BYTES) break;
        this.items.delete(key);
        this.bytes -= value.byteLength;
      }
    }
    return data;
  }

  forget(sha256: string): void {
    const hit = this.items.get(sha256);
    if (!hit) return;
    this.items.delete(sha256);
    this.bytes -= hit.byteLength;
  }
}
