import type { AppContext, Part } from '../context';
import { deploymentsWantingPreviews } from '../db/queries/link-previews';
import type { HostingProbe } from '../domain/status/canary';
import { makePreview, PREVIEW_CLAIM_STALE_MS } from '../domain/previews/link-previews';
import { canScreenshot, screenshotSite } from '../domain/previews/screenshot';
import { nowIso } from '../lib/ids';

/** How often a node looks for successful deployments whose preview nobody made (a missed event). */
const CATCH_UP_MS = 60_000;
/** How far back the catch-up looks: older versions keep the card they never got. */
const CATCH_UP_WITHIN_MS = 24 * 60 * 60 * 1000;
const CATCH_UP_BATCH = 20;

/**
 * Link previews, off the build's path: a deployment that succeeded is published first, and
 * only then does a web node (it has hosting to screenshot through) hear `deployment.finished`
 * and make its preview. Every web node hears it; the claim in `makePreview` lets one make it.
 * One preview at a time per node: a browser is the heaviest thing a node runs.
 */
export function createLinkPreviews(ctx: AppContext, hosting: HostingProbe): Part {
  const settings = {
    chromium: ctx.config.previewChromium,
    timeoutMs: ctx.config.previewTimeoutMs,
    port: hosting.port,
  };
  const screenshots = canScreenshot(settings);
  const waiting = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const enqueue = (deploymentId: string) => {
    if (stopped || waiting.has(deploymentId)) return;
    waiting.add(deploymentId);
    chain = chain.then(async () => {
      waiting.delete(deploymentId);
      if (stopped) return;
      try {
        const made = await makePreview(
          ctx,
          deploymentId,
          screenshots ? (host) => screenshotSite(settings, host) : null,
        );
        if (made) ctx.log.info({ deploymentId, kind: made }, 'link preview made');
      } catch (err) {
        ctx.log.error({ err, deploymentId }, 'making a link preview failed');
      }
    });
  };

  const catchUp = async () => {
    const now = Date.now();
    const ids = await deploymentsWantingPreviews(
      ctx.db,
      nowIso(now - CATCH_UP_WITHIN_MS),
      nowIso(now - PREVIEW_CLAIM_STALE_MS),
      CATCH_UP_BATCH,
    );
    for (const id of ids) enqueue(id);
  };

  const off = ctx.events.on('deployment.finished', ({ deployment }) => {
    if (deployment.status === 'SUCCESS') enqueue(deployment.id);
  });

  return {
    start() {
      if (!screenshots) {
        ctx.log.info(
          'link previews: no Chromium (PREVIEW_CHROMIUM), so every preview is a generated card',
        );
      }
      void catchUp().catch((err) => ctx.log.error({ err }, 'link preview catch-up failed'));
      timer = setInterval(() => {
        void catchUp().catch((err) => ctx.log.error({ err }, 'link preview catch-up failed'));
      }, CATCH_UP_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      off();
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
