import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_NAMES, type PlanName } from '../../../shared/plans';
import type { DeploymentStatus } from '../../../shared/deployment';
import { storageAllowanceOf } from '../billing/plans';
import { collectableDeployments, FAILED_KEPT_MS, type RetentionCandidate } from './retention';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const STATUSES: DeploymentStatus[] = ['PENDING', 'BUILDING', 'SUCCESS', 'FAILED'];

interface SiteSpec {
  plan: PlanName;
  liveIndex: number | null;
  deployments: { status: DeploymentStatus; started: boolean; finishedAgoMs: number }[];
}

/** A few sites, each with an owner's plan, a live pick and up to 40 deployments. */
const sites: fc.Arbitrary<SiteSpec[]> = fc.array(
  fc.record({
    plan: fc.constantFrom(...PLAN_NAMES),
    liveIndex: fc.option(fc.nat(40), { nil: null }),
    deployments: fc.array(
      fc.record({
        status: fc.constantFrom(...STATUSES),
        started: fc.boolean(),
        finishedAgoMs: fc.integer({ min: 0, max: 3 * FAILED_KEPT_MS }),
      }),
      { maxLength: 40 },
    ),
  }),
  { maxLength: 5 },
);

function candidatesOf(generated: SiteSpec[]): RetentionCandidate[] {
  return generated.flatMap((site, s) => {
    const ids = site.deployments.map((_, v) => `s${s}-v${v + 1}`);
    const liveId = site.liveIndex !== null ? (ids[site.liveIndex] ?? null) : null;
    return site.deployments.map((d, v) => ({
      id: ids[v]!,
      site_id: `s${s}`,
      version: v + 1,
      status: d.status,
      started_at: d.started ? new Date(NOW - d.finishedAgoMs - 1000).toISOString() : null,
      finished_at: new Date(NOW - d.finishedAgoMs).toISOString(),
      live_id: liveId,
      plan: site.plan,
    }));
  });
}

describe('which deployments garbage collection removes', () => {
  it('never the live one, never one queued or building, and keeps the newest versions by plan', () => {
    fc.assert(
      fc.property(sites, (generated) => {
        const candidates = candidatesOf(generated);
        const collected = new Set(collectableDeployments(candidates, NOW));
        for (const d of candidates) {
          if (d.id === d.live_id || d.status === 'PENDING' || d.status === 'BUILDING') {
            expect(collected.has(d.id)).toBe(false);
          }
        }
        for (const [s, site] of generated.entries()) {
          const ofSite = candidates.filter((d) => d.site_id === `s${s}`);
          const successes = ofSite
            .filter((d) => d.status === 'SUCCESS' && d.id !== d.live_id)
            .sort((a, b) => b.version - a.version);
          const kept = storageAllowanceOf(site.plan).keptVersions;
          // Exactly the newest `kept` successful versions stay (besides the live one).
          for (const [i, d] of successes.entries()) expect(collected.has(d.id)).toBe(i >= kept);
        }
      }),
    );
  });

  it('removes a source replaced before it built at once, and a failed build after a day', () => {
    fc.assert(
      fc.property(sites, (generated) => {
        const candidates = candidatesOf(generated);
        const collected = new Set(collectableDeployments(candidates, NOW));
        for (const d of candidates) {
          if (d.status !== 'FAILED' || d.id === d.live_id) continue;
          const replaced = d.started_at === null;
          const old = Date.parse(d.finished_at!) <= NOW - FAILED_KEPT_MS;
          expect(collected.has(d.id)).toBe(replaced || old);
        }
      }),
    );
  });
});
