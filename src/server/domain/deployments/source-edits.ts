import yazl from 'yazl';
import { MAX_CODE_CHARS, MAX_UPLOAD_BYTES } from '../../../shared/limits';
import {
  EDIT_MESSAGES,
  MAX_EDITABLE_FILE_BYTES,
  type EditDeployRequest,
  type SiteSource,
} from '../../../shared/site-source';
import { BuildError } from '../../../builder/types';
import { looksLikeHtml, looksLikeTypeScript } from '../../../builder/detect';
import { readFileList } from '../../../builder/file-list';
import { extractZip, unwrapSingleFolder } from '../../../builder/zip';
import type { AppContext } from '../../context';
import { deploymentById, latestDeploymentOfSite } from '../../db/queries/deployments';
import type { DeploymentRow, SiteRow, UserRow } from '../../db/schema';
import { badRequest, gone, newerVersionLive, notFound, payloadTooLarge } from '../../errors';
import { isExpired } from '../sites/expiry';
import { startDeployment, type DeploySource, type Started } from './deployments';

// Edit in the browser: a version's source read back file by file, and an edit of it deployed
// as the site's next version through the same door as any deploy (startDeployment).

/** A version's source, unpacked: each file's path and bytes, in the builder's own reading. */
interface Unpacked {
  deployment: DeploymentRow;
  kind: SiteSource['kind'];
  name: string | null;
  files: Map<string, Uint8Array>;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text, or null when it is binary (not UTF-8, or has NUL bytes) or too large. */
function textOf(bytes: Uint8Array): string | null {
  if (bytes.byteLength > MAX_EDITABLE_FILE_BYTES || bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** What pasted code is called in the editor: its kind decides the highlighting. */
function pastedName(code: string): string {
  if (looksLikeHtml(code)) return 'index.html';
  return looksLikeTypeScript(code) ? 'App.tsx' : 'App.jsx';
}

/** The deployment asked for (of this site), else the live one, else the latest. */
async function baseDeployment(
  ctx: AppContext,
  site: SiteRow,
  deploymentId: string | undefined,
): Promise<DeploymentRow> {
  const found = deploymentId
    ? await deploymentById(ctx.db, deploymentId)
    : (site.current_deployment_id && (await deploymentById(ctx.db, site.current_deployment_id))) ||
      (await latestDeploymentOfSite(ctx.db, site.id));
  if (deploymentId && (!found || found.site_id !== site.id)) {
    throw notFound('Deployment not found');
  }
  if (!found) throw notFound(EDIT_MESSAGES.nothingYet);
  return found;
}

async function unpack(ctx: AppContext, deployment: DeploymentRow): Promise<Unpacked> {
  const stored = await ctx.blobs.get(deployment.source_sha256);
  // Retention may have dropped an old version's source with its files.
  if (!stored) throw gone(EDIT_MESSAGES.sourceGone);
  const kind = deployment.source_kind;
  const name = deployment.source_name;
  const base = { deployment, kind, name };
  if (kind === 'code') {
    const code = stored.toString('utf8');
    return { ...base, files: new Map([[pastedName(code), new Uint8Array(stored)]]) };
  }
  if (kind === 'html') {
    return { ...base, files: new Map([[name ?? 'index.html', new Uint8Array(stored)]]) };
  }
  try {
    // The paths the builder builds from (a single top folder unwrapped), so that the file a
    // build error names is the file the editor lists.
    const files = unwrapSingleFolder(
      kind === 'zip'
        ? await extractZip(new Uint8Array(stored))
        : readFileList(stored.toString('utf8')),
    );
    return { ...base, files: new Map([...files].map(([path, bytes]) => [path.slice(1), bytes])) };
  } catch (err) {
    if (err instanceof BuildError) throw badRequest(err.message);
    throw err;
  }
}

/** GET /api/sites/:id/source: the live version's source (or the one asked for), file by file. */
export async function readSiteSource(
  ctx: AppContext,
  site: SiteRow,
  deploymentId?: string,
): Promise<{ deployment: DeploymentRow; source: SiteSource }> {
  const unpacked = await unpack(ctx, await baseDeployment(ctx, site, deploymentId));
  const files = [...unpacked.files]
    .map(([path, bytes]) => ({ path, text: textOf(bytes), size: bytes.byteLength }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return {
    deployment: unpacked.deployment,
    source: { kind: unpacked.kind, name: unpacked.name, files },
  };
}

/**
 * The live version's source exactly as it was deployed, for a remix: the stored bytes, kind
 * and name, nothing of the site's settings. Only the live version: what a visitor saw.
 */
export async function liveSourceOf(
  ctx: AppContext,
  site: SiteRow,
): Promise<{ deployment: DeploymentRow; source: DeploySource }> {
  if (!site.current_deployment_id) throw notFound(EDIT_MESSAGES.nothingYet);
  const deployment = await baseDeployment(ctx, site, site.current_deployment_id);
  const stored = await ctx.blobs.get(deployment.source_sha256);
  if (!stored) throw gone(EDIT_MESSAGES.sourceGone);
  return {
    deployment,
    source: { kind: deployment.source_kind, bytes: stored, name: deployment.source_name },
  };
}

async function zipped(files: Map<string, Uint8Array>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, bytes] of files) zip.addBuffer(Buffer.from(bytes), path);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The same list deploy_artifact sends: text as text, anything else as base64. */
function fileList(files: Map<string, Uint8Array>): Buffer {
  const list = [...files].map(([path, bytes]) => {
    const text = textOf(bytes);
    return text === null
      ? { path, content: Buffer.from(bytes).toString('base64'), encoding: 'base64' as const }
      : { path, content: text };
  });
  return Buffer.from(JSON.stringify({ files: list }), 'utf8');
}

/**
 * An edit is made to the version the editor opened. If a later version went live meanwhile
 * (a teammate's deploy, another tab), deploying the edit would silently take that work off the
 * site: the person is asked first. A failed version newer than the live one (Fix with AI's
 * base) is not older than what is live.
 */
async function refuseIfNewerIsLive(
  ctx: AppContext,
  site: SiteRow,
  base: DeploymentRow,
): Promise<void> {
  if (!site.current_deployment_id || site.current_deployment_id === base.id) return;
  const live = await deploymentById(ctx.db, site.current_deployment_id);
  if (live && live.version > base.version) {
    throw newerVersionLive({
      baseVersion: base.version,
      liveVersion: live.version,
      liveDeploymentId: live.id,
    });
  }
}

/**
 * POST /api/sites/:id/edits: the base version's source with the edited files replaced,
 * deployed as the site's next version. Only files the source lists as editable may change;
 * the rebuilt source is bounded like an upload.
 */
export async function deployEdit(
  ctx: AppContext,
  user: UserRow,
  site: SiteRow,
  edit: EditDeployRequest,
  clientAddress: string,
): Promise<Started> {
  // An expired guest site's subdomain is free: a deploy to it would make a new site.
  if (isExpired(site)) throw notFound('Site not found');
  const base = await baseDeployment(ctx, site, edit.baseDeploymentId);
  if (!edit.replaceNewer) await refuseIfNewerIsLive(ctx, site, base);
  const unpacked = await unpack(ctx, base);
  const files = new Map(unpacked.files);
  const seen = new Set<string>();
  for (const changed of edit.files) {
    const before = files.get(changed.path);
    if (seen.has(changed.path)) throw badRequest(`"${changed.path}" ${EDIT_MESSAGES.duplicate}`);
    seen.add(changed.path);
    if (!before || textOf(before) === null) {
      throw badRequest(`"${changed.path.slice(0, 80)}" ${EDIT_MESSAGES.unknownFile}`);
    }
    files.set(changed.path, new TextEncoder().encode(changed.text));
  }
  let bytes: Buffer;
  if (unpacked.kind === 'code' || unpacked.kind === 'html') {
    const [only] = files.values();
    const text = new TextDecoder().decode(only);
    if (unpacked.kind === 'code' && text.length > MAX_CODE_CHARS) {
      throw badRequest(EDIT_MESSAGES.tooLong);
    }
    if (!text.trim()) throw badRequest('Please enter some code to deploy');
    bytes = Buffer.from(only ?? new Uint8Array());
  } else {
    bytes = unpacked.kind === 'zip' ? await zipped(files) : fileList(files);
  }
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw payloadTooLarge(
      `The edited site is too large. The maximum is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    );
  }
  return startDeployment(ctx, user, {
    subdomain: site.subdomain,
    source: { kind: unpacked.kind, bytes, name: unpacked.name },
    aiProvider: unpacked.deployment.ai_provider,
    clientAddress,
  });
}
