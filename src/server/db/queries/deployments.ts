import { sql, type Updateable } from 'kysely';
import { nowIso } from '../../lib/ids';
import type { Database, Dialect } from '../database';
import type { DeploymentRow, DeploymentsTable } from '../schema';

export type DeploymentChanges = Updateable<DeploymentsTable>;

/** A deployment with how its author is named (their name, else their address); null: nobody. */
export type DeploymentWithAuthor = DeploymentRow & { deployed_by_name: string | null };

function withAuthor(db: Database) {
  return db
    .selectFrom('deployments')
    .leftJoin('users', 'users.id', 'deployments.deployed_by')
    .selectAll('deployments')
    .select((eb) => eb.fn.coalesce('users.name', 'users.email').as('deployed_by_name'));
}

export async function deploymentById(
  db: Database,
  id: string,
): Promise<DeploymentWithAuthor | undefined> {
  return withAuthor(db).where('deployments.id', '=', id).executeTakeFirst();
}

/** Newest first. */
export async function deploymentsOfSite(
  db: Database,
  siteId: string,
): Promise<DeploymentWithAuthor[]> {
  return withAuthor(db)
    .where('deployments.site_id', '=', siteId)
    .orderBy('deployments.version', 'desc')
    .execute();
}

export async function latestDeploymentOfSite(
  db: Database,
  siteId: string,
): Promise<DeploymentRow | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('version', 'desc')
    .executeTakeFirst();
}

export async function nextVersionOfSite(db: Database, siteId: string): Promise<number> {
  const { max } = await db
    .selectFrom('deployments')
    .select((eb) => eb.fn.max<number | null>('version').as('max'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(max ?? 0) + 1;
}

export async function insertDeployment(db: Database, row: DeploymentRow): Promise<void> {
  await db.insertInto('deployments').values(row).execute();
}

/** Fails the site's queued deployments with the given message; returns them. */
export async function failPendingOfSite(
  db: Database,
  siteId: string,
  message: string,
): Promise<DeploymentRow[]> {
  return db
    .updateTable('deployments')
    .set({ status: 'FAILED', error_message: message, message, finished_at: nowIso() })
    .where('site_id', '=', siteId)
    .where('status', '=', 'PENDING')
    .returningAll()
    .execute();
}

/** A claim limited to small sources of owners with nothing building (the small-builds lane). */
export interface SmallBuilds {
  maxSourceBytes: number;
}

/**
 * The next PENDING deployment, turned BUILDING for this worker in one statement, so two
 * workers never share one; undefined when none waits. Owners take turns: the owner whose last
 * build started longest ago (or never) goes first, then the oldest of their queue, so one
 * owner's many queued builds do not delay another's one. A site builds one version at a time.
 */
export async function claimNextDeployment(
  db: Database,
  dialect: Dialect,
  workerId: string,
  only?: SmallBuilds,
): Promise<DeploymentRow | undefined> {
  // Each waiting owner's last start, worked out once per claim. Asked per waiting row instead,
  // a long queue of one owner cost its length times its history on every claim (1,000 queued
  // deployments drained at a fifth of a build a second).
  const ownersWith = (status: 'PENDING' | 'BUILDING') =>
    db
      .selectFrom('deployments as od')
      .innerJoin('sites as ods', 'ods.id', 'od.site_id')
      .where('od.status', '=', status)
      .select('ods.user_id');
  const lastStarts = db
    .selectFrom('deployments as o')
    .innerJoin('sites as os', 'os.id', 'o.site_id')
    .where('os.user_id', 'in', ownersWith('PENDING'))
    .groupBy('os.user_id')
    .select(['os.user_id as owner', (eb) => eb.fn.max('o.started_at').as('last')]);
  let next = db
    .selectFrom('deployments as d')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .innerJoin(lastStarts.as('l'), 'l.owner', 's.user_id')
    .select('d.id')
    .where('d.status', '=', 'PENDING')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deployments as b')
            .select(sql.lit(1).as('one'))
            .whereRef('b.site_id', '=', 'd.site_id')
            .where('b.status', '=', 'BUILDING'),
        ),
      ),
    )
    .$if(only !== undefined, (q) =>
      q
        .innerJoin('blobs as src', 'src.sha256', 'd.source_sha256')
        .where('src.size', '<=', only!.maxSourceBytes)
        .where('s.user_id', 'not in', ownersWith('BUILDING')),
    )
    .orderBy((eb) => eb.fn.coalesce('l.last', sql.lit('')), 'asc')
    .orderBy('d.created_at')
    .limit(1);
  // SQLite serialises writers; PostgreSQL needs the row lock so nodes skip each other's pick.
  if (dialect === 'postgres') next = next.forUpdate(['d']).skipLocked();
  const now = nowIso();
  return db
    .updateTable('deployments')
    .set((eb) => ({
      status: 'BUILDING',
      claimed_by: workerId,
      heartbeat_at: now,
      started_at: now,
      attempts: eb('attempts', '+', 1),
      progress: 5,
      message: 'Starting build...',
    }))
    .where('id', '=', next)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

export async function heartbeatDeployments(
  db: Database,
  workerId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deployments')
    .set({ heartbeat_at: nowIso() })
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .execute();
}

export async function buildingNotClaimedBy(
  db: Database,
  workerId: string,
): Promise<DeploymentRow[]> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('status', '=', 'BUILDING')
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '!=', workerId)]))
    .execute();
}

/** Applies the changes only while the build is still BUILDING under the same claim. */
export async function updateIfStillClaimed(
  db: Database,
  row: Pick<DeploymentRow, 'id' | 'claimed_by'>,
  changes: DeploymentChanges,
): Promise<DeploymentRow | undefined> {
  return db
    .updateTable('deployments')
    .set(changes)
    .where('id', '=', row.id)
    .where('status', '=', 'BUILDING')
    .where((eb) =>
      row.claimed_by === null
        ? eb('claimed_by', 'is', null)
        : eb('claimed_by', '=', row.claimed_by),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Puts back claims a worker took but never started (it was stopping): no attempt was made. */
export async function releaseClaims(db: Database, workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deployments')
    .set({ status: 'PENDING', progress: 0, claimed_by: null, heartbeat_at: null })
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'BUILDING')
    .execute();
}

/** A worker's builds still BUILDING under its claim, of those named. */
export async function buildingClaimedBy(
  db: Database,
  workerId: string,
  ids: string[],
): Promise<DeploymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'BUILDING')
    .execute();
}

/**
 * How many deployments wait in the queue, of an owner's sites or asked for from an address,
 * leaving out the named site's own (a new version replaces it).
 */
export async function countQueued(
  db: Database,
  of: { userId: string } | { clientAddress: string },
  exceptSubdomain: string,
): Promise<number> {
  const queued = db
    .selectFrom('deployments as d')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('s.subdomain', '!=', exceptSubdomain)
    .where('d.status', '=', 'PENDING');
  const { count } = await (
    'userId' in of
      ? queued.where('s.user_id', '=', of.userId)
      : queued.where('d.client_address', '=', of.clientAddress)
  ).executeTakeFirstOrThrow();
  return Number(count);
}

/** A running build's progress; ignored once the build has ended. */
export async function writeProgress(
  db: Database,
  id: string,
  fields: Pick<DeploymentRow, 'progress' | 'message' | 'build_logs'>,
): Promise<void> {
  await db
    .updateTable('deployments')
    .set({ ...fields, heartbeat_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'BUILDING')
    .execute();
}

export async function updateDeployment(
  db: Database,
  id: string,
  changes: DeploymentChanges,
): Promise<DeploymentRow | undefined> {
  return db
    .updateTable('deployments')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Every finished deployment, with its site's live version and its owner's plan fields. */
export async function finishedDeploymentsWithOwners(db: Database) {
  return db
    .selectFrom('deployments as d')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'd.id',
      'd.site_id',
      'd.version',
      'd.status',
      'd.started_at',
      'd.finished_at',
      's.current_deployment_id as live_id',
      'u.email',
      'u.plan',
      'u.is_guest',
      'u.email_verified',
    ])
    .where('d.status', 'in', ['SUCCESS', 'FAILED'])
    .execute();
}

/**
 * Deletes a finished deployment (its manifest rows go with it) unless it has become a
 * site's live version meanwhile; true when it went.
 */
export async function deleteFinishedDeployment(db: Database, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('deployments')
    .where('id', '=', id)
    .where('status', 'in', ['SUCCESS', 'FAILED'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sites')
            .select(sql.lit(1).as('one'))
            .where('sites.current_deployment_id', '=', id),
        ),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return gone !== undefined;
}
