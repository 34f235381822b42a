import { expect } from 'vitest';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from './deploy';
import type { TestServer } from './server';
import { waitForEvent, type Listenable } from './wait';

// What the custom-domain API tests share: the hosts of their server, domains of their own, and
// calls to a server started by the test file.

export const SITES_DOMAIN = 'sites.artifacts.dev';
export const APP_ORIGIN = 'http://app.artifacts.dev';
export const IPV4 = '203.0.113.10';
export const IPV6 = '2001:db8::10';
export const HOUR = 60 * 60 * 1000;

let names = 0;
/** A domain no other test of this run uses, under a real public suffix. */
export function uniqueDomain(prefix = 'www'): string {
  names += 1;
  const apex = `shop-${Date.now().toString(36)}-${names}.com`;
  return prefix ? `${prefix}.${apex}` : apex;
}

/** Calls to the server a test file started in beforeAll (hence a getter). */
export function customDomainCalls(getServer: () => TestServer) {
  const setPlan = (userId: string, plan: 'STARTER' | 'PRO') =>
    getServer().ctx.db.updateTable('users').set({ plan }).where('id', '=', userId).execute();

  /** A deployed site of the user; `live` waits until its build is served. */
  async function siteOf(token: string, marker = 'custom', live = false) {
    const server = getServer();
    const subdomain = uniqueSubdomain('dom');
    const res = await deployCode(server, token, subdomain, htmlArtifact(marker));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (live) {
      const done = await waitForDeployment(server, token, res.body.deployment.id);
      expect(done.status, done.errorMessage ?? '').toBe('SUCCESS');
    }
    return { id: res.body.site.id as string, subdomain };
  }

  const add = (token: string | undefined, siteId: string, domain: unknown) =>
    getServer().api('POST', `/api/sites/${siteId}/domain`, {
      ...(token ? { token } : {}),
      body: { domain },
    });
  const verify = (token: string | undefined, siteId: string) =>
    getServer().api('POST', `/api/sites/${siteId}/domain/verify`, token ? { token } : {});
  const remove = (token: string | undefined, siteId: string) =>
    getServer().api('DELETE', `/api/sites/${siteId}/domain`, token ? { token } : {});
  /** Resolves at the next 'site.changed' of the site on the server's event bus. */
  const siteChanged = (siteId: string) => {
    const offs = new Map<unknown, () => void>();
    const bus: Listenable = {
      on: (_name, listener) =>
        offs.set(listener, getServer().ctx.events.on('site.changed', listener)),
      off: (_name, listener) => offs.get(listener)?.(),
    };
    return waitForEvent<{ siteId: string }>(bus, 'site.changed', (e) => e.siteId === siteId);
  };
  const siteRow = (id: string) =>
    getServer()
      .ctx.db.selectFrom('sites')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  return { setPlan, siteOf, add, verify, remove, siteChanged, siteRow };
}
