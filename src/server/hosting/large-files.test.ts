import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { makeZip } from '../../../test/zip';
import { STREAM_ABOVE_BYTES } from './site-cache';

// Text, so that the bytes read back compare as strings; each line says where it sits.
function bigText(bytes: number): string {
  let text = '';
  for (let line = 0; text.length < bytes; line++) text += `line ${String(line).padStart(8, '0')}\n`;
  return text.slice(0, bytes);
}

describeEachDatabase('serving large files and ranges', (dialect) => {
  let server: TestServer;
  let subdomain: string;
  const big = bigText(STREAM_ABOVE_BYTES + 300_000);
  const small = 'small file, kept in memory\n';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { token } = await registerUser(server);
    subdomain = uniqueSubdomain('ranges');
    const zip = makeZip({
      'index.html': htmlArtifact('ranges'),
      'data/big.txt': big,
      'data/small.txt': small,
    });
    const res = await uploadFile(server, token, { name: 'site.zip', bytes: zip }, subdomain);
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetchSite(server.port, subdomain, path, { method, headers });

  it('sends a large file whole, with its length, and says ranges are accepted', async () => {
    const res = await get('/data/big.txt', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(big.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.text).toBe(big);
  });

  it('answers a range of a large file with 206 and Content-Range', async () => {
    const start = STREAM_ABOVE_BYTES + 17;
    const res = await get('/data/big.txt', {
      range: `bytes=${start}-${start + 99}`,
      'accept-encoding': 'gzip, br',
    });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${start + 99}/${big.length}`);
    expect(res.headers['content-length']).toBe('100');
    // A range is of the file itself, never of a compressed variant.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(big.slice(start, start + 100));

    const tail = await get('/data/big.txt', { range: 'bytes=-14' });
    expect(tail.status).toBe(206);
    expect(tail.text).toBe(big.slice(-14));
    const open = await get('/data/big.txt', { range: `bytes=${big.length - 5}-` });
    expect(open.headers['content-range']).toBe(
      `bytes ${big.length - 5}-${big.length - 1}/${big.length}`,
    );
    expect(open.text).toBe(big.slice(-5));
  });

  it('answers a range of a small file from memory the same way', async () => {
    const res = await get('/data/small.txt', { range: 'bytes=6-9' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 6-9/${small.length}`);
    expect(res.text).toBe('file');
  });

  it('answers 416 for a range past the end', async () => {
    for (const path of ['/data/big.txt', '/data/small.txt']) {
      const res = await get(path, { range: 'bytes=99999999-' });
      expect(res.status).toBe(416);
      const size = path.endsWith('big.txt') ? big.length : small.length;
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
    }
  });

  it('sends the whole file when If-Range names another version', async () => {
    const whole = await get('/data/small.txt', { range: 'bytes=0-4', 'if-range': '"not-this"' });
    expect(whole.status).toBe(200);
    expect(whole.text).toBe(small);
    const etag = (await get('/data/small.txt', { 'accept-encoding': 'identity' })).headers.etag;
    const part = await get('/data/small.txt', { range: 'bytes=0-4', 'if-range': String(etag) });
    expect(part.status).toBe(206);
    expect(part.text).toBe('small');
  });

  it('answers HEAD for a large file with its headers and no body', async () => {
    const res = await get('/data/big.txt', { 'accept-encoding': 'identity' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(big.length));
    expect(res.text).toBe('');
  });
});
