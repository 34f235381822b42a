// A small card in place of a blank page: when a script error leaves the page with nothing on
// it (a React tree that threw while mounting is removed whole), the visitor sees what failed
// in one sentence. It stays out of the way: the page's own content wins whenever it has any,
// and it names nobody but the error. The build's own check of the page may have found the
// same error with its component and line; those ride along on the stub's script tag. Pages
// fetch this script only after an error (error-card-stub.ts).

// The stub in the page's head (error-card-stub.ts) heard the errors before this script came.
const heard = (
  window as unknown as { __artifactErrors?: { errors: ErrorEvent[]; found?: DOMStringMap } }
).__artifactErrors;
const known = heard?.found;
let shown = false;

/** The element the page paints into, or the body. */
function mountPoint(): HTMLElement | null {
  return document.getElementById('root') ?? document.getElementById('app') ?? document.body;
}

function isBlank(el: HTMLElement | null): boolean {
  if (!el) return true;
  if (el.querySelector('canvas,svg,img,video,iframe,input,button')) return false;
  return (el.innerText || '').trim() === '';
}

function show(message: string, kind: string): void {
  const point = mountPoint();
  if (shown || !point || !isBlank(point)) return;
  shown = true;
  const card = document.createElement('div');
  card.setAttribute('role', 'alert');
  // its own colours on any page, light or dark; system font, quiet grey, no red
  card.style.cssText =
    'all:initial;position:fixed;left:50%;top:2rem;transform:translateX(-50%);z-index:2147483647;box-sizing:border-box;max-width:min(32rem,calc(100% - 2rem));padding:.875rem 1rem;border:1px solid #d4d4d8;border-radius:.5rem;background:#fafafa;color:#3f3f46;font:14px/1.45 system-ui,sans-serif;box-shadow:0 1px 3px rgba(0,0,0,.12)';
  const title = document.createElement('strong');
  title.style.cssText = 'display:block;color:#18181b;margin-bottom:.25rem';
  title.textContent = 'This page could not start.';
  const what = document.createElement('div');
  what.textContent = `It stopped with an error: ${message}`;
  card.append(title, what);
  // where the build's check saw the same kind of error while mounting
  if (known?.where && known.kind === kind) {
    const where = document.createElement('div');
    where.style.cssText = 'margin-top:.25rem;color:#71717a';
    where.textContent = known.where;
    card.append(where);
  }
  // beside the body, not in it: the body stays as the page left it
  document.documentElement.append(card);
  // the page found its feet after all (a later render): the card goes
  new MutationObserver((_, watch) => {
    if (isBlank(point)) return;
    card.remove();
    watch.disconnect();
  }).observe(point, { childList: true, subtree: true, characterData: true });
}

/** Once the page has loaded and had a moment to paint: a page with nothing on it gets the card. */
function whenSettled(run: () => void): void {
  const later = () => setTimeout(run, 50);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

function heardError(event: ErrorEvent): void {
  const err = event.error as { name?: string; message?: string } | null;
  const kind = err?.name || 'Error';
  const message = err?.message
    ? `${kind !== 'Error' ? `${kind}: ` : ''}${err.message}`
    : event.message;
  // after the error has run its course (React removes a failed tree just after reporting it)
  whenSettled(() => show(message, kind));
}

for (const event of heard?.errors ?? []) heardError(event);
addEventListener('error', heardError);
