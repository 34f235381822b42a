// Which page sent a request, the same way for HTTP calls and socket handshakes. A browser
// names it in Origin (and Referer) and a page cannot forge either; only a browser carries a
// session cookie on someone's behalf, so only cookie-authenticated requests need the check.

export const CROSS_SITE_MESSAGE =
  'This request came from another site and was refused. Use the app itself, or send an Authorization: Bearer token.';

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when the page that sent the request is one of `own`; false when it is any other
 * (including the opaque "null" of sandboxes and data: URLs); null when the request names no
 * page at all, which no browser does on a state-changing call or a websocket: a script or
 * a command-line client, which no other site can drive.
 */
export function fromOwnOrigin(
  headers: { origin?: string | undefined; referer?: string | undefined },
  own: readonly string[],
): boolean | null {
  const sender = headers.origin ?? headers.referer;
  if (sender === undefined) return null;
  const origin = originOf(sender);
  return origin !== null && own.includes(origin);
}

/**
 * The app's origins for a request that reached `host`: the configured APP_ORIGIN, and the
 * origin the request itself was addressed to (the app reached as 127.0.0.1, or under a second
 * name): the page and the API are then one origin, which is all the check asks.
 */
export function ownOrigins(
  appOrigin: string,
  protocol: string,
  host: string | undefined,
): string[] {
  const own = [appOrigin];
  if (host) {
    const addressed = originOf(`${protocol}://${host}`);
    if (addressed) own.push(addressed);
  }
  return own;
}
