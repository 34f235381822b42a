// npm run bench:ai — what answering window.claude through the site adds: 200 calls to
// /__claude/complete on a live site (key lookup, limits, the provider call, the count) against
// 200 calls straight to the same local provider, interleaved in the same run.
import { startFakeProviders } from '../test/ai-providers';
import { deployCode, fetchSite, waitForDeployment } from '../test/deploy';
import { registerVerifiedUser, startTestServer } from '../test/server';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const KEY = 'sk-ant-bench-key-0000';

function stats(ms: number[]): { median: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  const providers = await startFakeProviders();
  providers.validKeys.add(KEY);
  // Visitors come from many addresses (TRUST_PROXY), as on a real site: the per-address
  // abuse limit is not what this measures.
  const server = await startTestServer('sqlite', {
    ...providers.env,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  // Storing a provider key needs a confirmed e-mail address, as for any account.
  const { token } = await registerVerifiedUser(server);
  const setup = <T extends { status: number; body: unknown }>(what: string, res: T): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  setup(
    'storing the key',
    await server.api('POST', '/api/api-keys', {
      token,
      body: { provider: 'CLAUDE', keyName: 'bench', apiKey: KEY },
    }),
  );
  const res = setup(
    'deploying',
    await deployCode(server, token, 'ai-bench', '<!doctype html><p>ai</p>'),
  );
  await waitForDeployment(server, token, res.body.deployment.id);
  setup(
    "the site's AI limits",
    await server.api('PUT', `/api/sites/${res.body.site.id}/ai`, {
      token,
      body: { perVisitorPerMinute: 600, perDay: 100_000 },
    }),
  );

  const body = JSON.stringify({ prompt: 'Say hi' });
  const direct = async () => {
    const started = performance.now();
    const r = await fetch(`${providers.env.ANTHROPIC_BASE_URL}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': KEY,
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({
        model: 'claude-sonnet-4-6',
        max_tokens: 1024,
        messages: [{ role: 'user', content: 'Say hi' }],
      }),
    });
    await r.text();
    if (!r.ok) throw new Error(`direct call: ${r.status}`);
    return performance.now() - started;
  };
  const proxied = async (i: number) => {
    const started = performance.now();
    const r = await fetchSite(server.port, 'ai-bench', '/__claude/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
      body,
    });
    if (r.status !== 200) throw new Error(`proxied call: ${r.status} ${r.text}`);
    return performance.now() - started;
  };

  for (let i = 0; i < 20; i++) {
    await direct();
    await proxied(i);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    a.push(await direct());
    b.push(await proxied(i));
  }
  const d = stats(a);
  const p = stats(b);
  console.log(
    `\nwindow.claude.complete through the site vs the provider directly (${CALLS} calls each, interleaved; local fake Anthropic; SQLite)`,
  );
  console.log(
    `  direct to the provider    median ${d.median.toFixed(2)} ms   p99 ${d.p99.toFixed(2)} ms`,
  );
  console.log(
    `  through /__claude/complete median ${p.median.toFixed(2)} ms   p99 ${p.p99.toFixed(2)} ms`,
  );
  console.log(
    `  added by the proxy        median ${(p.median - d.median).toFixed(2)} ms   p99 ${(p.p99 - d.p99).toFixed(2)} ms   (ratio of medians ${(p.median / d.median).toFixed(2)})`,
  );
  await server.close();
  await providers.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
