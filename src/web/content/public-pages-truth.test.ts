import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { GROUPS } from '../pages/Comparison/data';

// Public pages state only what the product does: no "not yet" or "coming soon" about a
// feature this server answers, and no operator's words (settings, repository paths) on a page
// a visitor reads.

const WEB = path.resolve(import.meta.dirname, '..');
/** Every page a signed-out visitor can open, and the texts they draw from. */
const PUBLIC_SOURCES = [
  'pages/Landing',
  'pages/Examples',
  'pages/DemoInstructions',
  'pages/Comparison',
  'pages/About',
  'pages/Contact',
  'pages/Status',
  'pages/Privacy',
  'pages/Terms',
  'pages/Help',
  'pages/Settings/billing/PlanCard.tsx',
  'content',
  '../shared/plans.ts',
];

function filesOf(entry: string): string[] {
  const full = path.join(WEB, entry);
  if (/\.tsx?$/.test(full)) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(full, f));
}

const NOT_THERE =
  /\b(not yet|coming soon|soon available|available soon|not available yet|on (?:our|the) roadmap|planned feature|we take no payments)\b/i;
const OPERATORS_WORDS = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\bsrc\/[\w/.-]+|\brepository\b/;

describe('public pages tell the truth', () => {
  const sources = PUBLIC_SOURCES.flatMap(filesOf).map((file) => ({
    file: path.relative(WEB, file),
    text: readFileSync(file, 'utf8'),
  }));

  it('reads every public page and text', () => {
    expect(sources.length).toBeGreaterThan(15);
  });

  it('say nothing is "not yet" or "coming soon"', () => {
    const claims = sources.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, line: line.trim() }))
        .filter(({ line }) => NOT_THERE.test(line) && !line.startsWith('//')),
    );
    expect(claims).toEqual([]);
  });

  it('the demo instructions speak to a visitor: no settings, no repository paths', () => {
    const demo = sources.filter(({ file }) => file.startsWith('pages/DemoInstructions'));
    expect(demo).toHaveLength(1);
    // What a visitor reads: the quoted strings and the JSX text, not the code around them.
    const literals = [...demo[0]!.text.matchAll(/(['`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2]);
    const jsxText = demo[0]!.text.split('\n').filter((line) => !/[=(){};<>]/.test(line));
    const read = [...literals, ...jsxText].join('\n');
    expect(read).toContain('Deployed Successfully');
    expect(read.match(OPERATORS_WORDS)).toBeNull();
  });

  describe('against the running server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('sqlite');
    });
    afterAll(async () => server?.close());

    // Comparison rows about features with a route, and a call that reaches it.
    const FEATURE_ROUTES: Record<string, [string, string]> = {
      'window.claude AI calls work': ['GET', '/api/sites/anything/ai'],
      'Custom domains with free SSL': ['POST', '/api/sites/anything/domain'],
      'Encrypted AI provider keys': ['GET', '/api/api-keys'],
      'Visitor analytics per site': ['GET', '/api/sites/anything/analytics'],
    };

    it('claims each feature that has a route on the Comparison page', async () => {
      const rows = new Map(GROUPS.flatMap((g) => g.rows).map((r) => [r.feature, r.cells[0]]));
      for (const [feature, [method, url]] of Object.entries(FEATURE_ROUTES)) {
        // The route is there: signed out, it asks who is asking rather than not knowing it.
        const res = await server.api(method as 'GET', url);
        expect(res.status, `${method} ${url}`).toBe(401);
        const ours = rows.get(feature);
        expect(ours, feature).toBeDefined();
        expect(ours === true || (typeof ours === 'string' && !NOT_THERE.test(ours)), feature).toBe(
          true,
        );
      }
      // And an unknown path does answer 404, so the check above can fail.
      expect((await server.api('GET', '/api/sites/anything/not-a-feature')).status).toBe(404);
    });
  });
});
