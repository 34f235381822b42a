import path from 'node:path';
import type { AppContext } from '../context';
import { LocalBlobStore } from './blob-store';

/** The blob store this installation uses (S3_* settings will choose a bucket later). */
export function registerStorage(ctx: AppContext): void {
  ctx.blobs = new LocalBlobStore(path.join(ctx.config.dataDir, 'blobs'));
}
