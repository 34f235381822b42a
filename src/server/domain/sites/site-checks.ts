import { createHash } from 'node:crypto';
import { filesOfDeployment } from '../../db/queries/deployment-files';
import { deploymentsOfSite, type DeploymentWithAuthor } from '../../db/queries/deployments';
import type { Database } from '../../db/database';
import type { DeploymentFileRow, SiteRow, UserRow } from '../../db/schema';
import type { BlobStore } from '../../storage/blob-store';
import { ownedSite } from '../policy';
import { isExpired } from './expiry';

export interface SiteCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SiteCheckResult {
  site: SiteRow;
  deployments: DeploymentWithAuthor[];
  checks: SiteCheck[];
}

/**
 * What /debug shows for one of the asker's sites. Another user's site, or a missing one, is
 * the same 404 as everywhere else, so the page can't be used to probe for site ids.
 */
export async function checkOwnedSite(
  db: Database,
  blobs: BlobStore,
  user: UserRow,
  siteId: string,
): Promise<SiteCheckResult> {
  const site = await ownedSite(db, user, siteId);
  const deployments = await deploymentsOfSite(db, site.id);
  const latest = deployments[0];
  const files = site.current_deployment_id
    ? await filesOfDeployment(db, site.current_deployment_id)
    : [];
  const fileCount = files.length;
  const checks: SiteCheck[] = [
    { name: 'Owned by you', ok: true, detail: user.email },
    {
      name: 'Live deployment',
      ok: site.current_deployment_id !== null,
      detail: site.current_deployment_id ?? 'No deployment has succeeded yet',
    },
    { name: 'Published files', ok: fileCount > 0, detail: `${fileCount} files` },
    await storedFilesCheck(blobs, files),
    {
      name: 'Latest deployment',
      ok: latest?.status !== 'FAILED',
      detail: latest
        ? `v${latest.version} ${latest.status}${latest.error_message ? `: ${latest.error_message}` : ''}`
        : 'No deployments',
    },
    {
      name: 'Not expired',
      ok: !isExpired(site),
      detail: site.expires_at ? `Guest site, expires ${site.expires_at}` : 'Does not expire',
    },
  ];
  return { site, deployments, checks };
}

/** Read at once from the store while checking: enough to be quick, not to flood it. */
const CHECKS_AT_ONCE = 4;

type Problem = 'missing' | 'damaged';

async function blobProblem(blobs: BlobStore, sha256: string): Promise<Problem | null> {
  const body = await blobs.stream(sha256);
  if (!body) return 'missing';
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex') === sha256 ? null : 'damaged';
}

/**
 * Every stored copy (the file and its compressed variants) of the live files, read back
 * and hashed: a file lost or damaged in the store shows here, not only in a visitor's 500.
 */
async function storedFilesCheck(blobs: BlobStore, files: DeploymentFileRow[]): Promise<SiteCheck> {
  const work = files.flatMap((f) =>
    [f.sha256, f.gzip_sha256, f.br_sha256].flatMap((sha) => (sha ? [{ path: f.path, sha }] : [])),
  );
  const problems = new Map<string, Problem>();
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { path, sha } = work[next++]!;
      const problem = await blobProblem(blobs, sha);
      if (problem && !problems.has(path)) problems.set(path, problem);
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
  const listed = [...problems].map(([path, problem]) => `${path} (${problem})`);
  return {
    name: 'Stored files intact',
    ok: problems.size === 0,
    detail:
      problems.size === 0
        ? `${files.length} files read back and verified`
        : `${listed.slice(0, 10).join(', ')}${listed.length > 10 ? ` and ${listed.length - 10} more` : ''}: deploy the site again to repair`,
  };
}
