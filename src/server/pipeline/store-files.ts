import type { BuildResult, BuiltFile } from '../../builder/types';
import type { AppContext } from '../context';
import { insertDeploymentFiles } from '../db/queries/deployment-files';
import type { DeploymentFileRow } from '../db/schema';
import { storeRecordedBlobs } from '../domain/blobs';
import { sha256Hex } from '../lib/ids';

const HASH_SLICE = 32;

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
  // A few files at a time, so a site of a thousand files never holds the server's loop for
  // long: requests and other deploys run between the slices.
  const files: { file: BuiltFile; sha256: string; gzip: string | null; br: string | null }[] = [];
  for (let i = 0; i < result.files.length; i += HASH_SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const file of result.files.slice(i, i + HASH_SLICE)) {
      files.push({
        file,
        sha256: sha256Hex(file.content),
        gzip: file.gzip ? sha256Hex(file.gzip) : null,
        br: file.br ? sha256Hex(file.br) : null,
      });
    }
  }
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
  await storeRecordedBlobs(
    ctx.db,
    ctx.blobs,
    files.flatMap(({ file, sha256, gzip, br }) => [
      { sha256, data: file.content },
      ...(file.gzip && gzip ? [{ sha256: gzip, data: file.gzip }] : []),
      ...(file.br && br ? [{ sha256: br, data: file.br }] : []),
    ]),
  );
}
