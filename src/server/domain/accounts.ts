import type { PlanName } from '../../shared/plans';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { AppError, conflict, tooManyRequests } from '../errors';
import { clearLoginFailures, loginRetryAfter, noteLoginFailure } from './login-failures';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import {
  createSession,
  GUEST_SESSION_TTL_MS,
  REMEMBERED_SESSION_TTL_MS,
  SESSION_TTL_MS,
  type NewSession,
} from './sessions';
import { newId, nowIso } from './tokens';

export interface SignedIn {
  user: UserRow;
  session: NewSession;
}

const INVALID_LOGIN = 'Invalid email or password';

function planFor(config: Config, email: string, current: string = 'FREE'): PlanName {
  return config.adminEmails.has(email) ? 'ADMIN' : (current as PlanName);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
}

export async function register(
  db: Database,
  config: Config,
  input: { email: string; password: string; name?: string | undefined },
  userAgent: string | null,
): Promise<SignedIn> {
  const now = nowIso();
  const user: UserRow = {
    id: newId(),
    email: input.email,
    name: input.name ?? null,
    password_hash: await hashPassword(input.password),
    plan: planFor(config, input.email),
    is_guest: 0,
    github_id: null,
    google_id: null,
    stripe_customer_id: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.insertInto('users').values(user).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('An account with this email already exists.');
    throw err;
  }
  return { user, session: await createSession(db, user.id, SESSION_TTL_MS, userAgent) };
}

export async function login(
  db: Database,
  config: Config,
  input: { email: string; password: string; rememberMe?: boolean | undefined },
  client: { ip: string; userAgent: string | null },
): Promise<SignedIn> {
  const keys = [`email:${input.email}`, `ip:${client.ip}`];
  const wait = await loginRetryAfter(db, keys);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', input.email)
    .executeTakeFirst();
  const ok = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
  if (!user || !ok) {
    await noteLoginFailure(db, keys);
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_LOGIN);
  }
  await clearLoginFailures(db, [`email:${input.email}`]);
  const plan = planFor(config, user.email, user.plan);
  if (plan !== user.plan) {
    await db
      .updateTable('users')
      .set({ plan, updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    user.plan = plan;
  }
  const ttl = input.rememberMe ? REMEMBERED_SESSION_TTL_MS : SESSION_TTL_MS;
  return { user, session: await createSession(db, user.id, ttl, client.userAgent) };
}

/** A guest for 'Continue as guest (24h sites)': a real user row, marked, with a 24-hour session. */
export async function createGuest(db: Database, userAgent: string | null): Promise<SignedIn> {
  const now = nowIso();
  const id = newId();
  const user: UserRow = {
    id,
    email: `guest-${id}@guest.invalid`,
    name: 'Guest',
    password_hash: null,
    plan: 'FREE',
    is_guest: 1,
    github_id: null,
    google_id: null,
    stripe_customer_id: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(user).execute();
  return { user, session: await createSession(db, id, GUEST_SESSION_TTL_MS, userAgent) };
}
