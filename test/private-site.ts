import { expect } from 'vitest';
import type { Site } from '../src/shared/site';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from './deploy';
import { registerUserOnPlan, type TestServer } from './server';

/** A new paying user's deployed site with `password` set on it, as the Access panel sets one. */
export async function makePrivateSite(
  server: TestServer,
  name: string,
  password = 'open sesame',
  plan: 'STARTER' | 'PRO' = 'STARTER',
) {
  const { token } = await registerUserOnPlan(server, plan);
  const subdomain = uniqueSubdomain(name);
  const res = await deployCode(server, token, subdomain, htmlArtifact(`secret-${subdomain}`));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const done = await waitForDeployment(server, token, res.body.deployment.id);
  expect(done.status).toBe('SUCCESS');
  const siteId: string = res.body.site.id;
  const set = await server.api<{ site: Site }>('PUT', `/api/sites/${siteId}/access`, {
    token,
    body: { password },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body.site.private).toBe(true);
  expect(JSON.stringify(set.body)).not.toContain('scrypt');
  return { token, subdomain, siteId, version: done.version, marker: `secret-${subdomain}` };
}
