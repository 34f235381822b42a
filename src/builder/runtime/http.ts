// What the page runtime's APIs share: calls to the site's own endpoints, errors read from
// them, and putting an API on window unless the page brought its own.

export type Json = Record<string, unknown>;

export async function call(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
}

export async function readError(res: Response, what: string): Promise<Error> {
  let detail = `${res.status} ${res.statusText}`;
  try {
    const body = (await res.json()) as Json;
    if (typeof body.error === 'string') detail = body.error;
  } catch {
    // a non-JSON error body: keep the status line
  }
  return new Error(`${what} failed: ${detail}`);
}

export function provide(name: string, api: unknown): void {
  const w = window as unknown as Json;
  if (!w[name]) w[name] = api;
}
