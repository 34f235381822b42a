import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { fetchSite, uniqueSubdomain, uploadFile, waitForDeployment } from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { makeZip } from '../../../test/zip';

// Zip tools spell paths in several ways; each file must still answer at its address.
describeEachDatabase('sites from zips with unusual entry names', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('serves entries written as ./a, a/./b, a//b and a\\b at their plain paths', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('dotzip');
    const zip = makeZip({
      './index.html': '<!doctype html><h1>dot slash</h1>',
      './css//site.css': 'body { margin: 0 }',
      'img\\logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'docs/./guide.txt': 'read me',
    });
    const res = await uploadFile(server, token, { name: 'site.zip', bytes: zip }, subdomain);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    const get = (p: string) => fetchSite(server.port, subdomain, p);
    expect((await get('/')).text).toContain('dot slash');
    expect(await get('/css/site.css')).toMatchObject({ status: 200, text: 'body { margin: 0 }' });
    expect((await get('/img/logo.svg')).status).toBe(200);
    expect(await get('/docs/guide.txt')).toMatchObject({ status: 200, text: 'read me' });
  });
});
