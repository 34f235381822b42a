// Who is asking, the same way for HTTP requests and socket handshakes: a bearer token wins
// over the session cookie. Only the token is read here; sessions decide what it is worth.

export const AUTH_COOKIE = 'auth_token';

function bearer(authorization: string | undefined): string | null {
  if (!authorization?.startsWith('Bearer ')) return null;
  const token = authorization.slice(7).trim();
  // The web app once sent the literal strings when it had no token.
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

function cookieToken(cookieHeader: string | undefined): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name !== AUTH_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The token a request or handshake carries, or null. */
export function tokenFrom(sources: {
  authorization?: string | undefined;
  cookie?: string | undefined;
  /** socket.io's handshake `auth.token` */
  explicit?: unknown;
}): string | null {
  if (typeof sources.explicit === 'string' && sources.explicit) return sources.explicit;
  return bearer(sources.authorization) ?? cookieToken(sources.cookie);
}
