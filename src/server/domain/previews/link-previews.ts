import type { AppContext } from '../../context';
import { filesOfDeployment } from '../../db/queries/deployment-files';
import { deploymentById } from '../../db/queries/deployments';
import { claimPreview, recordPreview } from '../../db/queries/link-previews';
import { siteById } from '../../db/queries/sites';
import type { DeploymentRow, SiteRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { versionLabel } from '../../../shared/version-links';
import type { PreviewKind } from '../../../shared/link-previews';
import { storeBlob } from '../blobs';
import { pageFacts, type PageFacts } from './page-facts';
import { BRAND_COLOUR, renderCard } from './preview-card';
import { announceSiteChanged } from '../sites/site-changed';

/**
 * A claim older than this is a node that died making the preview: another takes it. Longer
 * than a screenshot's deadline and a card together, by far.
 */
export const PREVIEW_CLAIM_STALE_MS = 5 * 60 * 1000;

/** The titles the builder gives a page that names nothing itself (builder react.ts, html.ts). */
const FALLBACK_TITLES = new Set(['Artifact', 'Page', '']);

/** Takes the screenshot of a site host; absent where Chromium is not, or turned off. */
export type Screenshotter = (host: string) => Promise<Buffer>;

/** The sites domain without a port: the host name a site answers to. */
function hostName(sitesDomain: string): string {
  return sitesDomain.replace(/:\d+$/, '');
}

async function factsOf(ctx: AppContext, deploymentId: string): Promise<PageFacts> {
  const files = await filesOfDeployment(ctx.db, deploymentId);
  const page =
    files.find((f) => f.path === 'index.html') ??
    files.find((f) => f.content_type.startsWith('text/html'));
  const bytes = page ? await ctx.blobs.get(page.sha256) : null;
  // a card needs only the head and the first styles: no need to read a whole large page
  return bytes
    ? pageFacts(bytes.subarray(0, 256 * 1024).toString('utf8'))
    : { title: null, description: null, colour: null };
}

/** The title a card shows: the owner's page settings, the page's own, else the subdomain. */
export function cardTitle(site: Pick<SiteRow, 'brand_title' | 'subdomain'>, facts: PageFacts) {
  if (site.brand_title) return site.brand_title;
  if (facts.title && !FALLBACK_TITLES.has(facts.title)) return facts.title;
  return site.subdomain;
}

/**
 * The host the screenshot opens: the live site while this deployment is live, else its
 * version link; none for a site whose pages are not for everyone's eyes (private, disabled),
 * which gets the card: a preview is shown to whoever holds the link.
 */
function screenshotHost(ctx: AppContext, site: SiteRow, deployment: DeploymentRow): string | null {
  if (site.access_password_hash || site.disabled_at) return null;
  const domain = hostName(ctx.config.sitesDomain);
  if (site.current_deployment_id === deployment.id) return `${site.subdomain}.${domain}`;
  if (site.version_links_enabled === 1) {
    return `${versionLabel(deployment.version, site.subdomain)}.${domain}`;
  }
  return null;
}

/**
 * Makes one successful deployment's link preview, if this node wins its claim: a screenshot
 * where one can be taken, else (or when it fails) the generated card. Stored as a blob and
 * named on the deployment, and on its site while live ('site.changed': hosting and screens
 * pick it up). Returns what was made, or null when another node has it or it needs none.
 */
export async function makePreview(
  ctx: AppContext,
  deploymentId: string,
  screenshot: Screenshotter | null,
): Promise<PreviewKind | null> {
  const now = Date.now();
  const claimed = await claimPreview(
    ctx.db,
    deploymentId,
    nowIso(now),
    nowIso(now - PREVIEW_CLAIM_STALE_MS),
  );
  if (!claimed) return null;
  const deployment = await deploymentById(ctx.db, deploymentId);
  const site = deployment && (await siteById(ctx.db, deployment.site_id));
  if (!deployment || !site) return null;

  let png: Buffer | null = null;
  let kind: PreviewKind = 'card';
  const host = screenshot ? screenshotHost(ctx, site, deployment) : null;
  if (screenshot && host) {
    try {
      png = await screenshot(host);
      kind = 'screenshot';
    } catch (err) {
      ctx.log.warn(
        { err, deploymentId, subdomain: site.subdomain },
        'the link preview screenshot failed; a generated card stands in',
      );
    }
  }
  if (!png) {
    const facts = await factsOf(ctx, deployment.id);
    png = await renderCard({
      title: cardTitle(site, facts),
      caption: `${site.subdomain}.${hostName(ctx.config.sitesDomain)}`,
      background: facts.colour ?? BRAND_COLOUR,
    });
  }
  const sha256 = await storeBlob(ctx.db, ctx.blobs, png);
  const live = await recordPreview(ctx.db, deployment.id, sha256, kind);
  if (live) {
    announceSiteChanged(ctx, live);
  }
  return kind;
}
