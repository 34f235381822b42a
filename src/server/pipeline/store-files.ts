import type { BuildResult } from '../../builder/types';
import type { AppContext } from '../context';
import type { DeploymentFileRow } from '../db/schema';
import { sha256Hex, storeBlob } from '../storage/blobs';

/** Stores every built file and its precompressed variants, then the manifest rows. */
export async function storeBuiltFiles(
  ctx: AppContext,
  deploymentId: string,
  result: BuildResult,
): Promise<void> {
  const blobs = ctx.blobs;
  if (!blobs) throw new Error('no blob store configured');
  const rows: DeploymentFileRow[] = [];
  for (const file of result.files) {
    // Hashed here, not trusted from the thread: a wrong name would serve wrong bytes forever.
    const sha256 = await storeBlob(ctx.db, blobs, file.content);
    const gzip = file.gzip ? await storeBlob(ctx.db, blobs, file.gzip, sha256Hex(file.gzip)) : null;
    const br = file.br ? await storeBlob(ctx.db, blobs, file.br, sha256Hex(file.br)) : null;
    rows.push({
      deployment_id: deploymentId,
      path: file.path,
      sha256,
      size: file.content.byteLength,
      content_type: file.contentType,
      gzip_sha256: gzip,
      br_sha256: br,
    });
  }
  // Chunks keep each insert under SQLite's bound-variable limit.
  for (let i = 0; i < rows.length; i += 100) {
    await ctx.db
      .insertInto('deployment_files')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}
