import type { Database } from '../database';

/**
 * Takes one of the site's calls of `day` if fewer than `perDay` are taken: one statement, so
 * concurrent calls cannot all read the same count and pass together (an upsert whose update
 * only happens under the cap; PostgreSQL locks the row for it, SQLite has one writer).
 * True when the call got its place.
 */
export async function reserveAiCall(
  db: Database,
  siteId: string,
  day: string,
  perDay: number,
): Promise<boolean> {
  const row = await db
    .insertInto('ai_site_days')
    .values({ site_id: siteId, day, calls: 1 })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'day'])
        .doUpdateSet((eb) => ({ calls: eb('ai_site_days.calls', '+', 1) }))
        .where('ai_site_days.calls', '<', perDay),
    )
    .returning('calls')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back a place taken by reserveAiCall (the provider did not answer). */
export async function refundAiCall(db: Database, siteId: string, day: string): Promise<void> {
  await db
    .updateTable('ai_site_days')
    .set((eb) => ({ calls: eb('calls', '-', 1) }))
    .where('site_id', '=', siteId)
    .where('day', '=', day)
    .where('calls', '>', 0)
    .execute();
}

/** The site's calls of `day`, answered or under way. */
export async function aiCallsOfSiteDay(db: Database, siteId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('ai_site_days')
    .select('calls')
    .where('site_id', '=', siteId)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.calls ?? 0);
}
