import type { Browser, Page, Route } from 'playwright-core';

// What a person sees once a page has loaded, taken the same way from the built site and from
// the reference so the two can be compared: offline, at a fixed moment, with fixed dice.

export const VIEWPORT = { width: 1280, height: 800 };
const START = new Date('2026-03-14T10:00:00Z');
/** Long enough for chart, motion and count-up animations driven by timers or frames to end. */
const SETTLE_MS = 2000;
const SETTLE_STEPS = 10;

export interface Visit {
  page: Page;
  /** Uncaught exceptions and unhandled rejections. */
  errors: string[];
  /** Same-origin requests answered 404, as paths. */
  notFound: string[];
  close: () => Promise<void>;
}

/**
 * Opens a page with only its own origin reachable, a paused clock and a seeded Math.random,
 * so timers, frames and random choices play out identically on every visit. `elsewhere`
 * answers requests to other origins (the reference's stand-in CDNs); without it they fail.
 */
export async function visit(
  browser: Browser,
  url: string,
  elsewhere: (route: Route) => Promise<void> = (route) => route.abort(),
): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const errors: string[] = [];
  const notFound: string[] = [];
  await page.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : elsewhere(route),
  );
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.origin === origin && res.status() === 404) notFound.push(u.pathname);
  });
  await page.addInitScript(() => {
    let seed = 0x9e3779b9;
    Math.random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 4294967296;
    };
  });
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START.getTime() + 1000);
  await page.goto(url, { waitUntil: 'load' });
  await settle(page);
  return { page, errors, notFound, close: () => context.close() };
}

/**
 * Waits until what the page does in real time is done: ResizeObserver reports (a React Three
 * Fiber canvas mounts its scene only once its size is measured) and the tasks they queue
 * (React renders from a MessageChannel). Neither follows the paused clock, so without this
 * the clock could run its frames before the scene exists, on one render and not the other.
 * Done when two rendering updates in a row pass with no change to the document: on a loaded
 * machine React's scheduler may yield for longer than one round's tasks, so one quiet round can
 * come before a chart's first render.
 */
async function quiet(page: Page): Promise<void> {
  // no named functions inside: tsx would wrap them in a helper the page does not have
  await page.evaluate(async () => {
    let quietRounds = 0;
    for (let round = 0; round < 20; round++) {
      // The records reach the callback at the next microtask, leaving takeRecords() empty:
      // the callback itself says the document changed.
      let seen = false;
      const changes = new MutationObserver(() => {
        seen = true;
      });
      changes.observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      // a new observer always reports once, in the next rendering update, after the
      // observers made before it
      await new Promise<void>((done) => {
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          done();
        });
        observer.observe(document.documentElement);
      });
      for (let task = 0; task < 2; task++) {
        await new Promise<void>((done) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => done();
          channel.port2.postMessage(null);
        });
      }
      const changed = seen || changes.takeRecords().length > 0;
      changes.disconnect();
      quietRounds = changed ? 0 : quietRounds + 1;
      if (quietRounds === 2) return;
    }
  });
}

/** Whether the document changed since the last time this was asked (or since `watch`). */
async function changedSince(page: Page, watch = false): Promise<boolean> {
  return page.evaluate((start) => {
    const w = window as unknown as { __settleChanges?: { observer: MutationObserver; n: number } };
    if (start || !w.__settleChanges) {
      w.__settleChanges?.observer.disconnect();
      const counter = { observer: new MutationObserver(() => counter.n++), n: 0 };
      counter.observer.observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      w.__settleChanges = counter;
      return true;
    }
    const counter = w.__settleChanges;
    const changed = counter.n > 0 || counter.observer.takeRecords().length > 0;
    counter.n = 0;
    return changed;
  }, watch);
}

/** Plays the clock forward and waits for fonts, images and CSS animations to be done. */
export async function settle(page: Page): Promise<void> {
  // In steps, letting real-time work finish between them: a timer that sets React state
  // gets its render (a real task) and the frame that render asks for within the settle time.
  await quiet(page);
  await changedSince(page, true);
  // On a loaded machine a chart may mount only after most of the settle time has run (its
  // size is measured in real time), and its entry animation, driven by frames of the paused
  // clock, would then stop at its first frame: the clock keeps going while a step of it still
  // changes the document, up to four times the settle time.
  let changed = true;
  for (let step = 0; step < SETTLE_STEPS || (changed && step < 4 * SETTLE_STEPS); step++) {
    await page.clock.runFor(SETTLE_MS / SETTLE_STEPS);
    await quiet(page);
    changed = await changedSince(page);
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((img) =>
        img.complete ? null : new Promise((done) => img.addEventListener('loadend', done)),
      ),
    );
    for (const animation of document.getAnimations()) {
      const end = animation.effect?.getComputedTiming().endTime;
      if (typeof end === 'number' && Number.isFinite(end)) animation.finish();
    }
  });
}

/** Clicks what a person would click first (a manifest's `open`), then lets things settle. */
export async function openWith(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().click();
  await settle(page);
}

/** Open dialogs ([role=dialog], <dialog open>) that stick out of the viewport, described. */
export function dialogsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const dialogs = document.querySelectorAll(
      '[role="dialog"], [role="alertdialog"], dialog[open]',
    );
    for (const el of dialogs) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      const inside =
        r.left >= -1 &&
        r.top >= -1 &&
        r.right <= window.innerWidth + 1 &&
        r.bottom <= window.innerHeight + 1;
      if (!inside) {
        const name = (el.textContent ?? '').trim().slice(0, 40);
        out.push(
          `"${name}" at x ${Math.round(r.left)}…${Math.round(r.right)}, y ${Math.round(r.top)}…${Math.round(r.bottom)} in ${window.innerWidth}×${window.innerHeight}`,
        );
      }
    }
    return out;
  });
}

/** The whole page as it stands, infinite animations at their start. */
export function screenshot(page: Page): Promise<Buffer> {
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}
