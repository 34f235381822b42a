import type { BuildResult } from '../../builder/types';
import type { AppContext } from '../context';
import { insertDeploymentFiles } from '../db/queries/deployment-files';
import type { DeploymentFileRow } from '../db/schema';
import { storeBlob } from '../domain/blobs';
import { mapConcurrently } from '../lib/concurrently';
import { sha256Hex } from '../lib/ids';

const STORE_CONCURRENCY = 8;

/**
 * Records the manifest rows, then stores every built file and its precompressed variants.
 * Rows first: from then on the blobs are referenced, so garbage collection running beside
 * this build cannot take one of them between its store and its row (see storeBlob). The
 * rows are invisible until the deployment is published.
 */
export async function storeBuiltFiles(
  ctx: AppContext,
  deploymentId: string,
  result: BuildResult,
): Promise<void> {
  // Hashed here, not trusted from the thread: a wrong name would serve wrong bytes forever.
  const files = result.files.map((file) => ({
    file,
    sha256: sha256Hex(file.content),
    gzip: file.gzip ? sha256Hex(file.gzip) : null,
    br: file.br ? sha256Hex(file.br) : null,
  }));
  const rows = files.map(({ file, sha256, gzip, br }): DeploymentFileRow => ({
    deployment_id: deploymentId,
    path: file.path,
    sha256,
    size: file.content.byteLength,
    content_type: file.contentType,
    gzip_sha256: gzip,
    br_sha256: br,
  }));
  await insertDeploymentFiles(ctx.db, rows);
  // Several at once: against S3 each blob is a round trip or two.
  await mapConcurrently(files, STORE_CONCURRENCY, async ({ file, sha256, gzip, br }) => {
    await storeBlob(ctx.db, ctx.blobs, file.content, sha256, 0);
    if (file.gzip && gzip) await storeBlob(ctx.db, ctx.blobs, file.gzip, gzip, 0);
    if (file.br && br) await storeBlob(ctx.db, ctx.blobs, file.br, br, 0);
  });
}
