import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

export type { BlobStore } from './blob-store';

/**
 * The blob store this installation uses: the S3 bucket when S3_* are set (checked before
 * the server starts, so a missing bucket stops it with a message naming S3_BUCKET),
 * DATA_DIR/blobs otherwise.
 */
export async function createBlobStore(config: Config, log: Logger): Promise<BlobStore> {
  if (!config.s3) {
    const store = new LocalBlobStore(path.join(config.dataDir, 'blobs'));
    const swept = await store.sweepTemps();
    if (swept) log.info({ swept }, `removed ${swept} half-written blob files`);
    return store;
  }
  const store = new S3BlobStore(config.s3);
  try {
    await store.checkBucket();
  } catch (err) {
    store.close();
    throw err;
  }
  log.info(
    { bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? `AWS ${config.s3.region}` },
    'blobs in S3',
  );
  return store;
}
