import type { ApiError } from '../../shared/errors';

// The only place the app talks HTTP to the server.
export const TOKEN_KEY = 'auth_token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** multipart uploads pass FormData; JSON bodies anything else */
  form?: FormData;
  /** a file sent as the body itself, with its own content type */
  raw?: Blob;
  /** the answer is a file, returned as a data: URL (the app's CSP shows images only so) */
  dataUrl?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.raw) {
    headers['content-type'] = opts.raw.type || 'application/octet-stream';
    body = opts.raw;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'Cannot reach the server. Check your connection.', 'NETWORK');
  }
  if (opts.dataUrl && res.ok) return (await dataUrlOf(await res.blob())) as T;
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const error = (data as ApiError | null)?.error;
    throw new ApiRequestError(
      res.status,
      error?.message ?? `Request failed (${res.status})`,
      error?.code ?? 'HTTP_ERROR',
      error?.details,
    );
  }
  return data as T;
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The message to show for a failed call, or the screen's own fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status !== 500 ? err.message : fallback;
}
