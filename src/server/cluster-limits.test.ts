import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterUnavailable, startCluster, type Cluster } from '../../test/cluster';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../test/deploy';
import { apiClient, registerUser, type ApiCall } from '../../test/server';

// Rate limits behind a load balancer: one client alternating between two web nodes over
// Redis and PostgreSQL gets the limit once in total, not once per node.
const unavailable = await clusterUnavailable();
if (unavailable) console.warn(`cluster limits test skipped: ${unavailable}`);

const SIGN_UPS = 6;
const DEPLOY_BURST = 4;

describe.skipIf(unavailable !== null)('rate limits across web nodes', () => {
  let cluster: Cluster;
  let nodes: ApiCall[];

  beforeAll(async () => {
    cluster = await startCluster(2, {
      SIGNUP_RATE_LIMIT: String(SIGN_UPS),
      DEPLOY_BURST_LIMIT: String(DEPLOY_BURST),
      SEED_DEMOS: 'false',
    });
    nodes = cluster.webs.map((node) => apiClient(node.url));
  }, 180_000);
  afterAll(() => cluster?.close());

  it("counts one account's deploys on both nodes together", async () => {
    const { token } = await registerUser({ api: nodes[0]! });
    const subdomain = uniqueSubdomain('burst');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * DEPLOY_BURST + 2; i++) {
      const res = await deployCode(
        { api: nodes[i % 2]! },
        token,
        subdomain,
        htmlArtifact(`version ${i}`),
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEPLOY_BURST);
    expect(statuses.filter((s) => s === 429)).toHaveLength(DEPLOY_BURST + 2);
  });

  it('counts sign-ups from one address on both nodes together', async () => {
    // The account above was the address's first sign-up of the hour.
    const left = SIGN_UPS - 1;
    const statuses: number[] = [];
    for (let i = 0; i < 2 * SIGN_UPS + 2; i++) {
      const res = await nodes[i % 2]!('POST', '/api/auth/register', {
        body: {
          email: `cluster-limit-${i}-${Date.now()}@example.com`,
          password: 'correct horse battery',
          name: `Cluster ${i}`,
        },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(left);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * SIGN_UPS + 2 - left);
  });
});
