import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../database';
import type { SiteRow, UserRow } from '../schema';
import { STATUS_CANARY_EMAIL } from './status';

// What the operator's console reads and writes of users and sites (domain/operations/).

/**
 * `column LIKE %q%`, with q's own wildcards taken literally ('_' is common in e-mails). Every
 * column searched is stored lower-cased, so this is case-insensitive on both databases.
 */
function contains(column: string, q: string): RawBuilder<boolean> {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${like} escape '\\'`;
}

export type UserWithCount = UserRow & { site_count: number };

export async function searchUsers(db: Database, q: string, limit = 50): Promise<UserWithCount[]> {
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('sites')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sites.user_id', '=', 'users.id')
        .as('site_count'),
    )
    // The status canary's account is the installation's machinery, not a customer.
    .where('users.email', '!=', STATUS_CANARY_EMAIL)
    .orderBy('users.created_at', 'desc')
    .limit(limit);
  if (q) query = query.where(contains('users.email', q));
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, site_count: Number(r.site_count ?? 0) }));
}

export type SiteWithOwner = SiteRow & { owner_email: string; open_reports: number };

function sitesWithOwner(db: Database) {
  return db
    .selectFrom('sites')
    .innerJoin('users', 'users.id', 'sites.user_id')
    .selectAll('sites')
    .select('users.email as owner_email')
    .select((eb) =>
      eb
        .selectFrom('abuse_reports')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('abuse_reports.site_id', '=', 'sites.id')
        .where('abuse_reports.status', '=', 'OPEN')
        .as('open_reports'),
    );
}

const withCounts = (r: SiteRow & { owner_email: string; open_reports: number | null }) => ({
  ...r,
  open_reports: Number(r.open_reports ?? 0),
});

/** By subdomain, custom domain or owner e-mail. */
export async function searchSites(db: Database, q: string, limit = 50): Promise<SiteWithOwner[]> {
  let query = sitesWithOwner(db)
    .where('users.email', '!=', STATUS_CANARY_EMAIL)
    .orderBy('sites.created_at', 'desc')
    .limit(limit);
  if (q) {
    query = query.where((eb) =>
      eb.or([
        contains('sites.subdomain', q),
        contains('sites.custom_domain', q),
        contains('users.email', q),
      ]),
    );
  }
  return (await query.execute()).map(withCounts);
}

export async function siteWithOwner(db: Database, id: string): Promise<SiteWithOwner | undefined> {
  const row = await sitesWithOwner(db).where('sites.id', '=', id).executeTakeFirst();
  return row && withCounts(row);
}

export async function setSiteDisabled(
  db: Database,
  id: string,
  disabled: { at: string; reason: string } | null,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({ disabled_at: disabled?.at ?? null, disabled_reason: disabled?.reason ?? null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Disables every site of a user not disabled already; returns the sites it disabled. */
export async function disableSitesOfUser(
  db: Database,
  userId: string,
  disabled: { at: string; reason: string },
): Promise<SiteRow[]> {
  return db
    .updateTable('sites')
    .set({ disabled_at: disabled.at, disabled_reason: disabled.reason })
    .where('user_id', '=', userId)
    .where('disabled_at', 'is', null)
    .returningAll()
    .execute();
}

/** Enables the sites of a user disabled with exactly `reason` (not those disabled on their own). */
export async function enableSitesOfUserDisabledFor(
  db: Database,
  userId: string,
  reason: string,
): Promise<SiteRow[]> {
  return db
    .updateTable('sites')
    .set({ disabled_at: null, disabled_reason: null })
    .where('user_id', '=', userId)
    .where('disabled_reason', '=', reason)
    .returningAll()
    .execute();
}

export async function setUserSuspended(
  db: Database,
  id: string,
  suspended: { at: string; reason: string } | null,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ suspended_at: suspended?.at ?? null, suspended_reason: suspended?.reason ?? null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends every session of a user by expiring it now rather than deleting it: a browser still
 * holding the token is then told the account is suspended, not merely signed out (the
 * sessions job deletes expired rows later). Returns the ids that ended.
 */
export async function expireSessionsOfUser(
  db: Database,
  userId: string,
  at: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ expires_at: at })
    .where('user_id', '=', userId)
    .where('expires_at', '>', at)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The suspended owner of a token's (ended) session, for a clear refusal; undefined otherwise. */
export async function suspendedOwnerOfSession(
  db: Database,
  tokenHash: string,
): Promise<Pick<UserRow, 'suspended_reason'> | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('users.suspended_reason')
    .where('sessions.token_hash', '=', tokenHash)
    .where('users.suspended_at', 'is not', null)
    .executeTakeFirst();
}
