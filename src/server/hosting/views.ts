import type { Logger } from 'pino';
import { OTHER_LABEL } from '../../shared/analytics';
import { keysOfSiteDay, recordSiteDay, saltOfDay } from '../db/queries/page-views';
import type { Database } from '../db/database';
import { pagePath, referrerOf, visitorHash } from './view-keys';

const FLUSH_MS = 5000;
/** The longest a flush keeps the loop before visits waiting to be answered get it back. */
const FLUSH_SLICE_MS = 4;
/** Distinct pages (and referrers) stored per site per day; the rest add up in '(other)'. */
export const DAILY_KEYS_CAP = 50;
// Bounds on memory between two flushes, whatever a visitor sends: a crawler of random paths
// folds into '(other)' here already, and past this many addresses a batch stops collecting.
const PENDING_KEYS_CAP = 500;
const PENDING_VISITORS_CAP = 50_000;
/** Hashes this node already wrote today, so a returning visitor is not sent again. */
const WRITTEN_HASHES_CAP = 200_000;
/**
 * Sites (per day) whose stored pages and referrers are remembered between flushes, the most
 * recently flushed kept: past it a site's keys are read again at its next flush. Unbounded,
 * a node visited on 100,000 sites in a day held about 500 bytes for each.
 */
export const REMEMBERED_SITE_DAYS = 10_000;

// Obvious robots and tools; a real browser always says who it is.
const BOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|curl\/|wget|python-requests|go-http-client|httpclient|java\//i;

export function isBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && BOT.test(userAgent);
}

/** Browsers send a few distinct User-Agent strings: each is tested against BOT once. */
const botByAgent = new Map<string, boolean>();
const MAX_REMEMBERED_AGENTS = 1024;

// Views come in runs from the same browser (a page's visitors, a crowd of one browser build):
// comparing with the last one is cheaper than hashing a new 100-character string for the map.
let lastAgent = '';
let lastBot = false;

/**
 * The browser of a view, or null for a robot. A User-Agent equal to the last one is answered
 * with that string itself: the visitor sets then find it by identity, without hashing and
 * comparing a hundred characters again.
 */
function browserOf(userAgent: string | undefined): string | null {
  if (userAgent === undefined) return '';
  if (userAgent !== lastAgent) {
    let bot = botByAgent.get(userAgent);
    if (bot === undefined) {
      bot = isBot(userAgent);
      if (botByAgent.size >= MAX_REMEMBERED_AGENTS) botByAgent.clear();
      botByAgent.set(userAgent, bot);
    }
    lastAgent = userAgent;
    lastBot = bot;
  }
  return lastBot ? null : lastAgent;
}

/** One HTML page served to a browser, as the dispatcher saw it. */
export interface PageView {
  siteId: string;
  /** the request's URL (path and query) */
  url: string;
  referer: string | undefined;
  /** the Host header: a Referer naming it is the site's own page */
  host: string | undefined;
  /** the visitor's address: only held in memory until the next flush, and only hashed */
  address: string;
  userAgent: string | undefined;
}

interface Pending {
  views: number;
  pages: Map<string, number>;
  referrers: Map<string, number>;
  /**
   * address → the browsers seen from it; turned into the day's salted hashes at the flush.
   * Kept apart rather than joined: a view then builds and hashes no new string (the address
   * is the connection's own string, the browser's was hashed by the robot test already).
   */
  visitors: Map<string, Set<string>>;
  /** pairs in `visitors` */
  visitorCount: number;
  /** The last view's URL and its page, the string already in `pages`: a run of views of one
   * page neither cuts its URL again nor hashes a new key. */
  lastUrl: string;
  lastPage: string;
}

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

function bump(map: Map<string, number>, key: string, cap: number): void {
  const n = map.get(key);
  if (n !== undefined) map.set(key, n + 1);
  else if (map.size < cap) map.set(key, 1);
  else map.set(OTHER_LABEL, (map.get(OTHER_LABEL) ?? 0) + 1);
}

/**
 * Page views counted in memory and written in batches: a busy site costs a handful of
 * statements per flush, not one per visit. Flushed every few seconds and on shutdown.
 * With `detailed` (ENABLE_ANALYTICS) it also keeps each view's page, referring host and the
 * visitor's daily hash; without, only the counts of views.
 */
export class ViewCounter {
  private pending = new Map<string, Map<string, Pending>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** The UTC day views are counted on: set at the first view, turned by a timer at midnight. */
  private today = '';
  private midnight: NodeJS.Timeout | null = null;
  /** The site counted last, today, in `pending`: a run of its views skips two map lookups. */
  private lastSite: Pending | null = null;
  private lastSiteId = '';
  /** pages and referrers each site already has rows for, by `${day} ${siteId}` */
  private known = new Map<string, { pages: Set<string>; referrers: Set<string> }>();
  private salts = new Map<string, string>();
  private written = new Set<string>();
  private writtenDay = '';

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly detailed = true,
    private readonly clock: () => number = Date.now,
    private readonly rememberedSiteDays = REMEMBERED_SITE_DAYS,
  ) {}

  /**
   * Counts a page view, robots left out, as its answer starts (serve.ts calls it just before
   * the write). Counted at once rather than queued for a setImmediate: a queue made every turn
   * of the event loop poll twice, which cost more than the few map updates of a view.
   */
  record(view: PageView): void {
    const browser = browserOf(view.userAgent);
    if (browser !== null) this.count(view, browser);
  }

  private count(view: PageView, browser: string): void {
    if (this.today === '') this.turnDay();
    let site = this.lastSite;
    if (site === null || view.siteId !== this.lastSiteId) {
      site = this.pendingOf(view.siteId);
      this.lastSite = site;
      this.lastSiteId = view.siteId;
    }
    site.views++;
    if (!this.detailed) return;
    if (view.url !== site.lastUrl) {
      site.lastUrl = view.url;
      site.lastPage = pagePath(view.url);
    }
    bump(site.pages, site.lastPage, PENDING_KEYS_CAP);
    const referrer = referrerOf(view.referer, view.host);
    if (referrer !== null) bump(site.referrers, referrer, PENDING_KEYS_CAP);
    if (site.visitorCount < PENDING_VISITORS_CAP) {
      let browsers = site.visitors.get(view.address);
      if (!browsers) site.visitors.set(view.address, (browsers = new Set()));
      const size = browsers.size;
      browsers.add(browser);
      site.visitorCount += browsers.size - size;
    }
  }

  /**
   * Reads the day from the clock, and sets a timer for the next midnight to read it again: a
   * view is dated without a clock reading of its own (which cost about a sixth of counting it).
   */
  private turnDay(): void {
    const now = this.clock();
    this.today = utcDay(now);
    this.lastSite = null;
    const next = Date.parse(`${this.today}T00:00:00.000Z`) + 86_400_000;
    if (this.midnight) clearTimeout(this.midnight);
    // A timer never fires early; the millisecond more makes the clock read the new day.
    this.midnight = setTimeout(() => this.turnDay(), next - now + 1);
    this.midnight.unref();
  }

  /** The views of a site waiting for the next flush, today's. */
  private pendingOf(siteId: string): Pending {
    let sites = this.pending.get(this.today);
    if (!sites) this.pending.set(this.today, (sites = new Map()));
    let site = sites.get(siteId);
    if (!site) {
      site = {
        views: 0,
        pages: new Map(),
        referrers: new Map(),
        visitors: new Map(),
        visitorCount: 0,
        lastUrl: '',
        lastPage: '/',
      };
      sites.set(siteId, site);
    }
    return site;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.midnight) clearTimeout(this.midnight);
    await this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((err) => this.log.warn({ err }, 'writing page views failed'));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.lastSite = null;
    let slice = performance.now();
    for (const [day, sites] of batch) {
      for (const [siteId, pending] of sites) {
        // SQLite's statements are synchronous: a flush of a thousand sites' views once held
        // the loop for a quarter of a second, the slowest of every visit in that moment.
        // Visits are answered between slices of a few milliseconds.
        if (performance.now() - slice > FLUSH_SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
        // A site deleted since its visits takes its views with it (recordSiteDay skips it).
        try {
          await this.writeSiteDay(day, siteId, pending);
        } catch (err) {
          this.log.warn(
            { err, siteId, views: pending.views },
            'page views of a site were not recorded',
          );
        }
      }
    }
    this.forgetOldDays(batch);
  }

  private async writeSiteDay(day: string, siteId: string, pending: Pending): Promise<void> {
    if (!this.detailed) {
      await recordSiteDay(this.db, {
        siteId,
        day,
        views: pending.views,
        pages: new Map(),
        referrers: new Map(),
        visitorHashes: [],
      });
      return;
    }
    const known = await this.knownKeys(day, siteId);
    const hashes = await this.newHashes(day, siteId, pending.visitors);
    const ok = await recordSiteDay(this.db, {
      siteId,
      day,
      views: pending.views,
      pages: admit(pending.pages, known.pages),
      referrers: admit(pending.referrers, known.referrers),
      visitorHashes: hashes,
    });
    if (ok) for (const h of hashes) this.remember(day, siteId, h);
  }

  /**
   * Loaded once per site and day, then kept here: the day's cap holds across flushes. Kept in
   * order of use (the Map's order), so the least recently flushed site is the one forgotten;
   * what it admitted is stored, so reading its keys again gives the same cap.
   */
  private async knownKeys(day: string, siteId: string) {
    const key = `${day} ${siteId}`;
    let known = this.known.get(key);
    if (known) {
      this.known.delete(key);
    } else {
      const stored = await keysOfSiteDay(this.db, siteId, day);
      known = { pages: new Set(stored.pages), referrers: new Set(stored.referrers) };
      if (this.known.size >= this.rememberedSiteDays) {
        this.known.delete(this.known.keys().next().value!);
      }
    }
    this.known.set(key, known);
    return known;
  }

  private async newHashes(
    day: string,
    siteId: string,
    visitors: Pending['visitors'],
  ): Promise<string[]> {
    if (visitors.size === 0) return [];
    let salt = this.salts.get(day);
    if (!salt) {
      salt = await saltOfDay(this.db, day);
      this.salts.set(day, salt);
    }
    const out: string[] = [];
    for (const [address, browsers] of visitors) {
      for (const browser of browsers) {
        const hash = visitorHash(salt, siteId, `${address}\n${browser}`);
        if (!this.written.has(`${siteId} ${hash}`) || this.writtenDay !== day) out.push(hash);
      }
    }
    return out;
  }

  private remember(day: string, siteId: string, hash: string): void {
    if (day !== this.writtenDay) {
      if (day < this.writtenDay) return;
      this.written.clear();
      this.writtenDay = day;
    }
    if (this.written.size < WRITTEN_HASHES_CAP) this.written.add(`${siteId} ${hash}`);
  }

  /** Keeps the memory of today (and yesterday, for a flush across midnight) only. */
  private forgetOldDays(batch: Map<string, unknown>): void {
    const latest = [...batch.keys()].sort().at(-1) ?? this.today;
    const yesterday = utcDay(Date.parse(`${latest}T00:00:00.000Z`) - 86_400_000);
    for (const key of this.known.keys()) {
      if (key.slice(0, 10) < yesterday) this.known.delete(key);
    }
    for (const day of this.salts.keys()) if (day < yesterday) this.salts.delete(day);
  }
}

/**
 * The batch's pages (or referrers) within the day's cap: ones the day already has rows for
 * stay themselves; new ones are admitted busiest first while there is room; the rest are
 * '(other)'. `known` grows with what is admitted.
 */
export function admit(counts: Map<string, number>, known: Set<string>): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, n: number) => out.set(key, (out.get(key) ?? 0) + n);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  for (const [key, n] of sorted) {
    if (key === OTHER_LABEL || known.has(key)) add(key, n);
    else if (known.size < DAILY_KEYS_CAP) {
      known.add(key);
      add(key, n);
    } else add(OTHER_LABEL, n);
  }
  if (out.has(OTHER_LABEL)) known.add(OTHER_LABEL);
  return out;
}
