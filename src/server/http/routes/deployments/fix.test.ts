import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FixResponse } from '../../../../shared/fix-with-ai';
import { startFakeProviders, type FakeProviders } from '../../../../../test/ai-providers';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../../../test/server';

const KEY = 'sk-ant-api03-fix-test-key-EEEE-9z8y';

const component = (words: string) => `export default function App() {
  return <h1>${words}</h1>;
}
`;
// A mistake on line 2: esbuild stops at the semicolon inside the array.
const broken = `export default function App() {
  const items = [1, 2;
  return <h1>Fixed by the fake {items.length}</h1>;
}
`;
const fixed = broken.replace('[1, 2;', '[1, 2];');

/** The fake model's fix: the file the prompt lists, with the bracket closed. */
const fixOf = (prompt: string) => {
  const path = /--- FILE: (.+) ---/.exec(prompt)?.[1] ?? 'missing';
  return JSON.stringify({
    explanation: 'The array on line 2 was not closed.',
    files: [{ path, content: fixed }],
  });
};

type Answer = FixResponse & { error?: { code: string; message: string } };

// Fix with AI through HTTP, against local stand-ins of the providers: the failed version's
// source and error reach the owner's provider, its whole files come back as a proposal, the
// call counts under the site's daily AI cap, and nothing is deployed until the edit is sent.
describeEachDatabase('Fix with AI for a failed build', (dialect) => {
  let providers: FakeProviders;
  let server: TestServer;
  let owner: string;

  beforeAll(async () => {
    providers = await startFakeProviders();
    providers.validKeys.add(KEY);
    // Unlimited (ADMIN): each test has a site of its own.
    server = await startTestServer(dialect, {
      ...providers.env,
      ADMIN_EMAILS: 'fix-owner@example.com',
    });
    owner = (await registerVerifiedUser(server, { email: 'fix-owner@example.com' })).token;
    const key = await server.api('POST', '/api/api-keys', {
      token: owner,
      body: { keyName: 'fixes', provider: 'CLAUDE', apiKey: KEY },
    });
    expect(key.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await providers?.close();
  });
  beforeEach(() => {
    providers.failWith = null;
    providers.calls.length = 0;
    providers.reply = fixOf;
  });

  const failedSite = async (token = owner) => {
    const subdomain = uniqueSubdomain('fixai');
    const res = await deployCode(server, token, subdomain, broken);
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('FAILED');
    return { siteId: res.body.site.id, deploymentId: done.id, subdomain };
  };
  const fix = (deploymentId: string, token = owner) =>
    server.api<Answer>('POST', `/api/deployments/${deploymentId}/fix`, { token });
  const callsToday = async (siteId: string) =>
    (await server.api('GET', `/api/sites/${siteId}/ai`, { token: owner })).body
      .callsToday as number;
  const versions = async (siteId: string) =>
    (await server.api('GET', `/api/sites/${siteId}/deployments`, { token: owner })).body
      .deployments as Array<{ id: string; status: string }>;

  it('proposes the fix, counts the call, deploys nothing until the edit is sent, then the fix goes live', async () => {
    const { siteId, deploymentId, subdomain } = await failedSite();
    const before = await versions(siteId);

    const res = await fix(deploymentId);
    expect(res.status).toBe(200);
    expect(res.body.proposal).toMatchObject({
      explanation: 'The array on line 2 was not closed.',
      provider: 'CLAUDE',
    });
    expect(res.body.proposal.model).toBeTruthy();
    expect(res.body.proposal.files).toEqual([
      { path: expect.stringMatching(/^App\.[jt]sx$/), before: broken, after: fixed },
    ]);
    expect(res.body.deployment).toMatchObject({ id: deploymentId, version: 1, siteId });
    expect(res.body.usage).toEqual({ used: 1, limit: 500 });
    expect(await callsToday(siteId)).toBe(1);

    // The provider got the owner's key, the source and the builder's error with its place.
    expect(providers.calls).toHaveLength(1);
    const sent = providers.calls[0]!;
    expect(sent.key).toBe(KEY);
    const prompt = JSON.stringify(sent.body);
    expect(prompt).toContain('line 2');
    expect(prompt).toContain('const items = [1, 2;');

    // Nothing deployed by the proposal itself.
    expect(await versions(siteId)).toHaveLength(before.length);

    const edit = await server.api('POST', `/api/sites/${siteId}/edits`, {
      token: owner,
      body: {
        baseDeploymentId: deploymentId,
        files: res.body.proposal.files.map((f) => ({ path: f.path, text: f.after })),
      },
    });
    expect(edit.status).toBe(201);
    expect(edit.body.deployment.version).toBe(2);
    const done = await waitForDeployment(server, owner, edit.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    // The component is built into the page's script: the fixed words are in it.
    const page = await fetchSite(server.port, subdomain);
    expect(page.status).toBe(200);
    const script = /src="\.\/(assets\/app-[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeTruthy();
    expect((await fetchSite(server.port, subdomain, `/${script}`)).text).toContain(
      'Fixed by the fake',
    );
  });

  it('answers 502 with a clear message when the reply cannot be used, and still counts the call', async () => {
    const { siteId, deploymentId } = await failedSite();
    providers.reply = () => 'Sure! Close the bracket on line 2 and it will work.';
    const prose = await fix(deploymentId);
    expect(prose.status).toBe(502);
    expect(prose.body.error?.message).toMatch(/^The AI's answer could not be used/);

    providers.reply = () =>
      JSON.stringify({ explanation: 'x', files: [{ path: 'server.js', content: 'boom' }] });
    const stranger = await fix(deploymentId);
    expect(stranger.status).toBe(502);
    expect(stranger.body.error?.message).toContain(
      '"server.js", which is not a file of this version',
    );

    // Fenced JSON, as models often answer anyway, is read.
    providers.reply = (p) => `\`\`\`json\n${fixOf(p)}\n\`\`\``;
    expect((await fix(deploymentId)).status).toBe(200);
    // Three answers, three calls: the provider was paid for each.
    expect(await callsToday(siteId)).toBe(3);
  });

  it("maps the provider's 429 and 500 to clear messages and gives the call back", async () => {
    const { siteId, deploymentId } = await failedSite();
    providers.failWith = 429;
    const limited = await fix(deploymentId);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'AI_PROVIDER_ERROR' });
    expect(limited.body.error?.message).toContain('Anthropic says the key is over its rate limit');

    providers.failWith = 500;
    const down = await fix(deploymentId);
    expect(down.status).toBe(503);
    expect(down.body.error?.message).toBe(
      'Anthropic is overloaded or unavailable right now; try again in a moment.',
    );
    expect(JSON.stringify(down.body)).not.toContain(KEY);
    expect(await callsToday(siteId)).toBe(0);
  });

  it("stops at the site's daily AI cap, the one its visitors' calls count against", async () => {
    const { siteId, deploymentId } = await failedSite();
    const put = await server.api('PUT', `/api/sites/${siteId}/ai`, {
      token: owner,
      body: { perDay: 1 },
    });
    expect(put.status).toBe(200);
    const first = await fix(deploymentId);
    expect(first.status).toBe(200);
    expect(first.body.usage).toEqual({ used: 1, limit: 1 });
    const second = await fix(deploymentId);
    expect(second.status).toBe(429);
    expect(second.body.error?.message).toContain("used all of today's AI requests");
    expect(providers.calls).toHaveLength(1);
  });

  it('refuses without an active key, for a build that did not fail, and to strangers', async () => {
    const keyless = (await registerVerifiedUser(server)).token;
    const { deploymentId } = await failedSite(keyless);
    const none = await fix(deploymentId, keyless);
    expect(none.status).toBe(409);
    expect(none.body.error).toMatchObject({ code: 'AI_NOT_CONNECTED' });
    expect(none.body.error?.message).toContain('/api-keys');
    expect(providers.calls).toHaveLength(0);

    const subdomain = uniqueSubdomain('fixok');
    const ok = await deployCode(server, owner, subdomain, component('Fine'));
    expect((await waitForDeployment(server, owner, ok.body.deployment.id)).status).toBe('SUCCESS');
    const notFailed = await fix(ok.body.deployment.id);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.error?.message).toContain('Only a deployment whose build failed');

    const mine = await failedSite();
    const stranger = await fix(mine.deploymentId, keyless);
    expect(stranger.status).toBe(404);
    expect(providers.calls).toHaveLength(0);
  });

  it("lets a team's member fix a team site with the owner's key; a viewer and an access token may not", async () => {
    const teamId = (
      await server.api('POST', '/api/teams', { token: owner, body: { name: 'Fixers' } })
    ).body.team.id as string;
    const join = async (role: 'member' | 'viewer') => {
      const person = await registerVerifiedUser(server);
      const sent = await server.api('POST', `/api/teams/${teamId}/invitations`, {
        token: owner,
        body: { email: person.user.email, role },
      });
      expect(sent.status).toBe(201);
      const code = String(sent.body.invitation.url).split('/').pop();
      const accepted = await server.api('POST', `/api/invitations/${code}/accept`, {
        token: person.token,
      });
      expect(accepted.status).toBe(200);
      return person.token;
    };
    const member = await join('member');
    const viewer = await join('viewer');
    const res = await server.api('POST', '/api/deployments/deploy/code', {
      token: member,
      body: { subdomain: uniqueSubdomain('fixteam'), code: broken, teamId },
    });
    expect(res.status).toBe(201);
    const failed = await waitForDeployment(server, member, res.body.deployment.id);
    expect(failed.status).toBe('FAILED');

    const byMember = await fix(failed.id, member);
    expect(byMember.status).toBe(200);
    expect(providers.calls.at(-1)?.key).toBe(KEY);
    expect((await fix(failed.id, viewer)).status).toBe(403);

    const made = await server.api('POST', '/api/tokens', {
      token: owner,
      body: { name: 'ci', scope: 'deploy' },
    });
    expect(made.status).toBe(201);
    expect((await fix(failed.id, made.body.secret)).status).toBe(403);
    expect(providers.calls).toHaveLength(1);
  });
});
