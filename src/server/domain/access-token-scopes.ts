import type { AccessTokenScope } from '../../shared/access-token';
import { forbidden } from '../errors';

// What each scope may call, by route pattern (Fastify's routeOptions.url). Reads are open to
// both scopes; a deploy token may change sites only through the deploy API; nothing a token
// carries may change the account, its billing, its keys or mint further tokens, and no token
// reaches the operators' console, whoever minted it: a token lives for months in scripts and
// CI settings, and the console reads every account.

const DEPLOY_API = new Set([
  'POST /api/deployments/deploy/code',
  'POST /api/deployments/deploy/file',
  'POST /api/deployments/:id/redeploy',
  'POST /api/sites/:id/rollback',
  'DELETE /api/sites/:id',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws 403 when a token of `scope` may not make this call. */
export function assertScopeAllows(scope: AccessTokenScope, method: string, route: string): void {
  if (route === '/api/tokens' || route.startsWith('/api/tokens/')) {
    throw forbidden('Access tokens can only be managed from a signed-in session in the app.');
  }
  if (isAdminPath(route)) throw forbidden(ADMIN_NEEDS_SESSION);
  if (READS.has(method)) return;
  // The MCP endpoint checks each tool against the scope itself (a read token lists and reads).
  if (route === '/mcp') return;
  if (scope === 'read') throw forbidden('This access token can only read.');
  if (!DEPLOY_API.has(`${method} ${route}`)) {
    throw forbidden(
      'An access token can deploy, redeploy, roll back and delete sites, but not change the account, its billing or its keys. Sign in to the app for that.',
    );
  }
}

export const ADMIN_NEEDS_SESSION =
  'Access tokens cannot open the operators’ console, whoever made them. Sign in to the app to use it.';

/** /api/admin and everything under it (unknown paths and query strings included). */
export function isAdminPath(route: string): boolean {
  const path = route.split('?')[0]!;
  return path === '/api/admin' || path.startsWith('/api/admin/');
}
