import type { Database } from '../database';
import type { SiteRow } from '../schema';
import { newId, nowIso } from '../../lib/ids';

export async function putAcmeChallenge(
  db: Database,
  token: string,
  keyAuthorization: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('acme_challenges')
    .values({ token, key_authorization: keyAuthorization, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('token')
        .doUpdateSet({ key_authorization: keyAuthorization, expires_at: expiresAt }),
    )
    .execute();
}

export async function acmeChallenge(db: Database, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('acme_challenges')
    .select('key_authorization')
    .where('token', '=', token)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.key_authorization;
}

export async function deleteAcmeChallenge(db: Database, token: string): Promise<void> {
  await db.deleteFrom('acme_challenges').where('token', '=', token).execute();
}

export async function deleteExpiredAcmeChallenges(db: Database, now: string): Promise<void> {
  await db.deleteFrom('acme_challenges').where('expires_at', '<=', now).execute();
}

export interface StoredCertificate {
  domain: string;
  cert_pem: string;
  key_pem: string;
  expires_at: string;
  issued_at: string;
}

export async function putCertificate(db: Database, cert: StoredCertificate): Promise<void> {
  const { domain: _domain, ...rest } = cert;
  await db
    .insertInto('certificates')
    .values(cert)
    .onConflict((oc) => oc.column('domain').doUpdateSet(rest))
    .execute();
}

export async function certificateOf(
  db: Database,
  domain: string,
): Promise<StoredCertificate | undefined> {
  return db.selectFrom('certificates').selectAll().where('domain', '=', domain).executeTakeFirst();
}

export async function deleteCertificate(db: Database, domain: string): Promise<void> {
  await db.deleteFrom('certificates').where('domain', '=', domain).execute();
}

export async function installationSecret(db: Database, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('installation_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** Stores the secret unless one is there already; returns the one that is kept. */
export async function keepInstallationSecret(
  db: Database,
  name: string,
  value: string,
): Promise<string> {
  await db
    .insertInto('installation_secrets')
    .values({ name, value, created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await installationSecret(db, name)) ?? value;
}

export async function recordAcmeOrder(db: Database, domain: string, now: number): Promise<void> {
  await db
    .insertInto('acme_orders')
    .values({ id: newId(), domain, started_at: nowIso(now) })
    .execute();
}

export async function countAcmeOrdersSince(db: Database, since: number): Promise<number> {
  const { count } = await db
    .selectFrom('acme_orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('started_at', '>', nowIso(since))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function deleteAcmeOrdersBefore(db: Database, before: number): Promise<void> {
  await db.deleteFrom('acme_orders').where('started_at', '<', nowIso(before)).execute();
}

/** VERIFIED domains whose certificate work is due: first orders, retries, renewals. */
export async function sitesWithCertificateDue(
  db: Database,
  now: string,
  limit: number,
): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('custom_domain', 'is not', null)
    .where('custom_domain_status', '=', 'VERIFIED')
    .where('domain_lost_at', 'is', null)
    .where('ssl_next_attempt_at', 'is not', null)
    .where('ssl_next_attempt_at', '<=', now)
    .orderBy('ssl_next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a site's certificate work (PROVISIONING) unless another node holds it or its domain
 * changed: only the node whose update matched goes on to order.
 */
export async function claimCertificateWork(
  db: Database,
  site: SiteRow,
  now: string,
  holdUntil: string,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({
      // A renewal keeps ACTIVE: the current certificate goes on serving meanwhile.
      ssl_status: site.ssl_status === 'ACTIVE' ? 'ACTIVE' : 'PROVISIONING',
      ssl_next_attempt_at: holdUntil,
      updated_at: now,
    })
    .where('id', '=', site.id)
    .where('custom_domain', '=', site.custom_domain)
    .where('custom_domain_status', '=', 'VERIFIED')
    .where('domain_lost_at', 'is', null)
    .where((eb) =>
      eb.or([eb('ssl_next_attempt_at', 'is', null), eb('ssl_next_attempt_at', '<=', now)]),
    )
    .returningAll()
    .executeTakeFirst();
}

export type SslState = Partial<
  Pick<
    SiteRow,
    'ssl_status' | 'ssl_expires_at' | 'ssl_message' | 'ssl_next_attempt_at' | 'ssl_failures'
  >
>;

export async function setSslState(
  db: Database,
  id: string,
  domain: string,
  state: SslState,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({ ...state, updated_at: nowIso() })
    .where('id', '=', id)
    .where('custom_domain', '=', domain)
    .returningAll()
    .executeTakeFirst();
}
