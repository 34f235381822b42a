import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Access is decided in src/server/domain/policy and nowhere else: a rule written in place is
// a rule the next change (teams, a new scope) misses. This scans the server and the MCP tools
// for the shapes such a rule takes and lists each by file and line.

const ROOT = join(__dirname, '..', '..', '..', '..');
const SCANNED = ['src/server', 'src/mcp'];
const POLICY = 'src/server/domain/policy/';

const SHAPES: ReadonlyArray<readonly [string, RegExp]> = [
  ['a 403 made in place', /\bforbidden\(|AppError\(\s*403\b/],
  ['a guest refused in place', /is_guest\b.*\bthrow\b|\bthrow\b.*is_guest/],
  ['a suspension refused in place', /throw accountSuspended\(|suspended_at\)\s*throw/],
  ['the operator rule restated', /planOf\([^)]*\)\s*[!=]==\s*'ADMIN'|adminEmails\.has\(/],
  ['the operator rule asked in place', /\bisOperator\(/],
  ['a plan gate written in place', /\bplan\s*[!=]==\s*'(FREE|STARTER|PRO)'/],
  [
    'a token scope judged in place',
    /accessTokenScope\s*[!=]==|\bscope\s*[!=]==\s*'(read|deploy)'|scopes?\.includes\(|\breadOnly\b/,
  ],
  ['ownership compared in place', /\.(user_id|userId)\s*[!=]==\s*user\.id\b|\bsiteOfUser\(/],
  ['a route table of "METHOD /path" strings', /'(GET|HEAD|POST|PUT|PATCH|DELETE) \/[a-z]/],
  ['a certificate decided in place', /custom_domain_status\s*===\s*'VERIFIED'.*allowed/],
];

/**
 * Lines that match a shape and are not access decisions, each with why. Kept short on
 * purpose: a new entry needs a reason a reviewer accepts.
 */
const NOT_DECISIONS: ReadonlyArray<readonly [file: string, shape: string, why: string]> = [
  [
    'src/server/domain/billing/plans.ts',
    'the operator rule restated',
    'planOf defines the ADMIN plan itself; the policy asks it (isOperator)',
  ],
  [
    'src/server/errors.ts',
    'a 403 made in place',
    'the error shapes themselves: the policy throws them',
  ],
  [
    'src/server/domain/accounts/social-sign-in.ts',
    'a guest refused in place',
    'a provider never vouches for a guest address (ours, @guest.invalid): identity, not access',
  ],
  [
    'src/server/domain/accounts/passkeys.ts',
    'ownership compared in place',
    'a passkey ceremony matches a credential to the account signing in: authentication',
  ],
  [
    'src/server/http/cross-site.ts',
    'a 403 made in place',
    "a request from another site's page is refused whoever sends it: a forged-request guard",
  ],
  [
    'src/server/http/auth.ts',
    'the operator rule asked in place',
    'the door records on the actor whether they operate the service; the rules judge it',
  ],
  [
    'src/server/domain/accounts/email-verification.ts',
    'a plan gate written in place',
    'which plan is stored once the address is proven: bookkeeping of the plan, not a gate',
  ],
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every line outside the policy that takes one of the shapes, as "file:line shape". */
export function accessDecisionsOutsidePolicy(files: ReadonlyArray<[string, string]>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file.startsWith(POLICY)) continue;
    text.split('\n').forEach((line, i) => {
      for (const [shape, pattern] of SHAPES) {
        if (!pattern.test(line)) continue;
        if (NOT_DECISIONS.some(([f, s]) => f === file && s === shape)) continue;
        found.push(`${file}:${i + 1} ${shape}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('where access is decided', () => {
  it('is the policy module only', () => {
    const files = SCANNED.flatMap(sources).map(
      (file) =>
        [file.split(sep).join('/'), readFileSync(join(ROOT, file), 'utf8')] as [string, string],
    );
    expect(files.length).toBeGreaterThan(100);
    expect(accessDecisionsOutsidePolicy(files)).toEqual([]);
    // Routes ask domain functions and the policy; a route reading the database decides alone.
    const routesReadingTheDatabase = files
      .filter(([file, text]) => file.startsWith('src/server/http/') && /db\/queries/.test(text))
      .map(([file]) => file);
    expect(routesReadingTheDatabase).toEqual([]);
  });

  it('finds each shape of a decision written in place', () => {
    const written = [
      "if (user.is_guest) throw forbidden('Create an account first.');",
      'if (user.suspended_at) throw accountSuspended(user.suspended_reason);',
      "if (planOf(ctx.config, user) !== 'ADMIN') return false;",
      "if (request.accessTokenScope === 'read') refuse();",
      'if (site.user_id !== user.id) throw notFound();',
      "const DEPLOY_API = new Set(['POST /api/deployments/deploy/code']);",
      "if (site?.custom_domain_status === 'VERIFIED') return { allowed: true };",
      "throw new AppError(403, 'SECOND_FACTOR_REQUIRED', message);",
      'if (isOperator(ctx.config, target)) throw badRequest(message);',
      "const canManage = plan === 'STARTER' || plan === 'PRO';",
      'if (session.metadata?.userId !== user.id) throw missing();',
    ].join('\n');
    const found = accessDecisionsOutsidePolicy([
      ['src/server/http/routes/example.ts', written],
      [`${POLICY}example.ts`, written],
    ]);
    expect(found.map((f) => f.split(' ')[0])).toEqual([
      'src/server/http/routes/example.ts:1',
      'src/server/http/routes/example.ts:1',
      'src/server/http/routes/example.ts:2',
      'src/server/http/routes/example.ts:3',
      'src/server/http/routes/example.ts:4',
      'src/server/http/routes/example.ts:5',
      'src/server/http/routes/example.ts:6',
      'src/server/http/routes/example.ts:7',
      'src/server/http/routes/example.ts:8',
      'src/server/http/routes/example.ts:9',
      'src/server/http/routes/example.ts:10',
      'src/server/http/routes/example.ts:11',
    ]);
    expect(relative(ROOT, join(ROOT, POLICY))).toBe('src/server/domain/policy');
  });
});
