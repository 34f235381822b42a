import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../shared/errors';
import { UPLOAD_MESSAGES } from '../../shared/deployment';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, htmlArtifact, uploadFile } from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';

/** Writes raw bytes and reads until the server closes: for what fetch refuses to send. */
function rawRequest(port: number, text: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : null });
    });
  });
}

describeEachDatabase('every error in the one shape', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await registerUser(server)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  const expectShape = (body: unknown, code: string) => {
    expect(ApiErrorSchema.parse(body).error.code).toBe(code);
  };

  it("answers Fastify's own refusals in the shape", async () => {
    const badJson = await server.api('POST', '/api/deployments/deploy/code', { token, body: '{' });
    expect(badJson.status).toBe(400);
    expectShape(badJson.body, 'BAD_REQUEST');

    const badUrl = await server.api('GET', '/api/sites/%E0%A4%A', { token });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({
      error: { message: 'The request URL is not valid.', code: 'BAD_REQUEST' },
    });

    const longParam = await server.api('GET', `/api/sites/${'a'.repeat(200)}`, { token });
    expect(longParam.status).toBe(414);
    expect(longParam.body).toEqual({
      error: { message: 'The request URL is too long.', code: 'BAD_REQUEST' },
    });

    const missing = await server.api('DELETE', '/api/no-such-thing', { token });
    expect(missing.status).toBe(404);
    expectShape(missing.body, 'NOT_FOUND');

    const xml = await server.api('POST', '/api/deployments/deploy/code', {
      token,
      body: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expectShape(xml.body, 'UNSUPPORTED_MEDIA_TYPE');

    const huge = await server.api('POST', '/api/deployments/deploy/code', {
      token,
      body: JSON.stringify({ subdomain: 'big', code: 'x'.repeat(13 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expectShape(huge.body, 'PAYLOAD_TOO_LARGE');
  });

  it("answers what Node's HTTP parser refuses in the shape", async () => {
    const tooLarge = await rawRequest(
      server.port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(tooLarge).toEqual({
      status: 431,
      body: { error: { message: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' } },
    });
    const notHttp = await rawRequest(server.port, 'GET /api/health HTTP/1.1\r\nBad Header\r\n\r\n');
    expect(notHttp).toEqual({
      status: 400,
      body: { error: { message: 'The request is not valid HTTP.', code: 'BAD_REQUEST' } },
    });
  });

  it('answers a malformed multipart upload with 400, not 500', async () => {
    const send = (contentType: string, body: string) =>
      server.api('POST', '/api/deployments/deploy/file', {
        token,
        headers: { 'content-type': contentType },
        body,
      });
    const cutShort = await send(
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.html"\r\n\r\nhello',
    );
    const noBoundary = await send('multipart/form-data', 'garbage');
    for (const res of [cutShort, noBoundary]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { message: UPLOAD_MESSAGES.malformed, code: 'BAD_REQUEST' },
      });
    }
    expect((await server.api('GET', '/api/sites', { token })).body.sites).toEqual([]);
  });

  it('refuses control characters and punycode in the names people give', async () => {
    for (const name of ['page\u0000.html', 'pa\u001bge.html']) {
      const res = await uploadFile(server, token, { name, bytes: htmlArtifact('nul') }, 'named');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { message: UPLOAD_MESSAGES.badName, code: 'BAD_REQUEST' },
      });
    }
    // RFC 5987 lets a file name carry a percent-encoded NUL that no header parser sees.
    const boundary = 'nulname';
    const encoded = await server.api('POST', '/api/deployments/deploy/file', {
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="subdomain"',
        '',
        'encoded',
        `--${boundary}`,
        `Content-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.html`,
        'Content-Type: text/html',
        '',
        htmlArtifact('encoded'),
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    });
    expect(encoded.status).toBe(400);
    expect(encoded.body.error.message).toBe(UPLOAD_MESSAGES.badName);

    for (const subdomain of ['my\u0000site', 'site\n', '\tsite']) {
      const res = await deployCode(server, token, subdomain, htmlArtifact('ctl'));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Subdomain cannot contain control characters');
    }
    const puny = await deployCode(server, token, 'xn--pple-43d', htmlArtifact('puny'));
    expect(puny.status).toBe(400);
    expect(puny.body.error.message).toMatch(/xn--/);
    expect((await server.api('GET', '/api/sites', { token })).body.sites).toEqual([]);
  });
});
