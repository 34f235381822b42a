// Inline, first in a page's head: it hears every script error from the start, and fetches the
// card (error-card.ts) only once there is one. A page that starts well downloads none of it.

declare const CARD_SRC: string;

const script = document.currentScript as HTMLScriptElement | null;
const errors: ErrorEvent[] = [];
// What the card reads once it arrives: the errors so far, and what the build's check found.
(window as unknown as { __artifactErrors: unknown }).__artifactErrors = {
  errors,
  found: script?.dataset,
};
addEventListener('error', (event: ErrorEvent) => {
  if (errors.push(event) > 1) return;
  const card = document.createElement('script');
  card.src = CARD_SRC;
  document.head.append(card);
});
