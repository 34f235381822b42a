import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCode, htmlArtifact, uniqueSubdomain, uploadFile } from '../../../test/deploy';
import { describeEachDatabase } from '../../../test/databases';
import { startTestServer, type TestServer } from '../../../test/server';
import { ADDRESS_DEPLOYS_FACTOR } from './rate-limits';

const from = (address: string) => ({ 'x-forwarded-for': address });

const signUp = (server: TestServer, email: string, headers: Record<string, string> = {}) =>
  server.api('POST', '/api/auth/register', {
    body: { email, password: 'a good long password' },
    headers,
  });

const userCount = async (server: TestServer, email: string) =>
  (await server.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute())
    .length;

describeEachDatabase('rate limits', (dialect) => {
  describe('without a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '3' });
    });
    afterAll(() => server.close());

    it('answers a sign-up flood with 429, Retry-After and a message a person understands', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await signUp(server, `flood${i}@example.com`)).status).toBe(201);
      }
      const refused = await signUp(server, 'flood3@example.com');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.body.error.message).toMatch(
        /^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/,
      );
      expect(await userCount(server, 'flood3@example.com')).toBe(0);
    });

    it('believes no X-Forwarded-For header the operator did not ask to trust', async () => {
      const forged = await signUp(server, 'forged@example.com', from('198.51.100.1'));
      expect(forged.status).toBe(429);
    });

    it('counts guests on their own, with the same answer', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await server.api('POST', '/api/auth/guest')).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await server.api('POST', '/api/auth/guest');
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.body.error.message).toMatch(/^Too many guest sessions from your network\./);
    });
  });

  describe('behind a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, {
        SIGNUP_RATE_LIMIT: '1',
        DEPLOY_RATE_LIMIT: '2',
        TRUST_PROXY: 'true',
      });
    });
    afterAll(() => server.close());

    it('counts sign-ups per real client address', async () => {
      expect((await signUp(server, 'a1@example.com', from('203.0.113.1'))).status).toBe(201);
      expect((await signUp(server, 'a2@example.com', from('203.0.113.1'))).status).toBe(429);
      expect((await signUp(server, 'b1@example.com', from('203.0.113.2'))).status).toBe(201);
    });

    it('limits deployments per account, wherever it deploys from', async () => {
      // Sign-ups are limited to one per address here, so each account comes from its own.
      const signIn = async (address: string) => {
        const res = await signUp(server, `deployer-${address}@example.com`, from(address));
        expect(res.status).toBe(201);
        return res.body.token as string;
      };
      const [ann, bob] = [await signIn('192.0.2.10'), await signIn('192.0.2.11')];
      const deploy = (token: string, address: string) =>
        server.api('POST', '/api/deployments/deploy/code', {
          token,
          headers: from(address),
          body: { subdomain: uniqueSubdomain('limited'), code: htmlArtifact('limited') },
        });
      expect((await deploy(ann, '192.0.2.20')).status).toBe(201);
      expect((await deploy(ann, '192.0.2.21')).status).toBe(201);
      const refused = await deploy(ann, '192.0.2.22');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(refused.body.error.message).toMatch(/^Too many deployments from your account\./);
      expect(
        (await deployCode(server, bob, uniqueSubdomain('other'), htmlArtifact('b'))).status,
      ).toBe(201);
    });

    it('spends one budget on paste, redeploy and upload together', async () => {
      const res = await signUp(server, 'one-budget@example.com', from('192.0.2.30'));
      const token = res.body.token as string;
      const pasted = await deployCode(server, token, uniqueSubdomain('budget'), htmlArtifact('a'));
      expect(pasted.status).toBe(201);
      const redeployed = await server.api(
        'POST',
        `/api/deployments/${pasted.body.site.id}/redeploy`,
        {
          token,
        },
      );
      expect(redeployed.status).toBe(201);
      const upload = await uploadFile(
        server,
        token,
        { name: 'index.html', bytes: htmlArtifact('b'), type: 'text/html' },
        uniqueSubdomain('budget'),
      );
      expect(upload.status).toBe(429);
      expect((upload.body as { error: { message: string } }).error.message).toMatch(
        /^Too many deployments from your account\./,
      );
    });

    it('limits one address across the accounts it holds', async () => {
      const shared = '192.0.2.40';
      const budget = 2 * ADDRESS_DEPLOYS_FACTOR;
      const statuses: number[] = [];
      for (let n = 0; statuses.length <= budget; n++) {
        const res = await signUp(server, `household-${n}@example.com`, from(`192.0.2.${50 + n}`));
        const token = res.body.token as string;
        for (let i = 0; i < 2 && statuses.length <= budget; i++) {
          const deployed = await server.api('POST', '/api/deployments/deploy/code', {
            token,
            headers: from(shared),
            body: { subdomain: uniqueSubdomain('household'), code: htmlArtifact('h') },
          });
          statuses.push(deployed.status);
          if (deployed.status === 429) {
            expect(deployed.body.error.message).toMatch(
              /^Too many deployments from your network\./,
            );
          }
        }
      }
      expect(statuses).toEqual([...Array<number>(budget).fill(201), 429]);
    });
  });

  describe('a burst of deployments', () => {
    let server: TestServer;
    beforeAll(async () => {
      // web only: the versions wait in the queue, each replacing the one before
      server = await startTestServer(dialect, { ROLES: 'web', DEPLOY_BURST_LIMIT: '5' });
    });
    afterAll(() => server.close());

    it("is cut at a minute's worth, with the wait", async () => {
      const { token } = (await signUp(server, 'burst@example.com')).body as { token: string };
      const subdomain = uniqueSubdomain('burst');
      for (let i = 0; i < 5; i++) {
        expect((await deployCode(server, token, subdomain, htmlArtifact(String(i)))).status).toBe(
          201,
        );
      }
      const refused = await deployCode(server, token, subdomain, htmlArtifact('one more'));
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(
        /^Too many deployments from your account in a minute\. Please try again in (\d+ seconds?|1 minute)\.$/,
      );
    });

    it('counts the megabytes an account sends, so large uploads in a loop stop at two', async () => {
      const { token } = (await signUp(server, 'bytes@example.com')).body as { token: string };
      const big = htmlArtifact('big') + `<!-- ${'x'.repeat(9 * 1024 * 1024)} -->`;
      const upload = () =>
        uploadFile(
          server,
          token,
          { name: 'index.html', bytes: big, type: 'text/html' },
          uniqueSubdomain('bytes'),
        );
      expect((await upload()).status).toBe(201);
      expect((await upload()).status).toBe(201);
      const refused = await upload();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((refused.body as { error: { message: string } }).error.message).toMatch(
        /^Too many megabytes deployed from your account in a minute\. Please try again in (\d+ seconds?|1 minute)\.$/,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });
  });
});
