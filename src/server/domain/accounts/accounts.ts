import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import { insertUser, setUserPlan, userByEmail } from '../../db/queries/users';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { conflict, invalidCredentials, tooManyRequests } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { clearLoginFailures, loginRetryAfter, noteLoginFailure } from './login-failures';
import { throttleKeys } from './login-throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { createSession, GUEST_SESSION_TTL_MS, SESSION_TTL_MS, type SignedIn } from './sessions';
import { planOf } from '../billing/plans';
import { authorize } from '../policy';
import { isPending, sessionOrSecondFactor, type SecondFactorPending } from './two-factor-sign-in';

/** A new account row: the one place that knows every column a user starts with. */
export function newUser(
  fields: Pick<UserRow, 'email' | 'name' | 'password_hash'> & Partial<UserRow>,
): UserRow {
  const now = nowIso();
  return {
    id: newId(),
    plan: 'FREE',
    is_guest: 0,
    email_plan_changed: 1,
    email_payment_failed: 1,
    suspended_at: null,
    suspended_reason: null,
    email_verified: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export async function register(
  db: Database,
  config: Config,
  input: { email: string; password: string; name?: string | undefined },
  userAgent: string | null,
): Promise<SignedIn> {
  const user = newUser({
    email: input.email,
    name: input.name ?? null,
    password_hash: await hashPassword(input.password),
  });
  user.plan = planOf(config, user);
  try {
    await insertUser(db, user);
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
): Promise<SignedIn | SecondFactorPending> {
  const { address, account } = throttleKeys(client.ip, input.email);
  const keys = [account, address];
  const wait = await loginRetryAfter(db, keys);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
  const user = await userByEmail(db, input.email);
  const ok = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await dummyPasswordHash()).then(() => false);
  if (!user || !ok) {
    await noteLoginFailure(db, keys);
    throw invalidCredentials();
  }
  // Only after the password is right: a stranger learns nothing of a suspension.
  authorize(user, 'account.sign-in');
  // An address added to ADMIN_EMAILS takes effect at its next sign-in.
  const plan = planOf(config, user);
  if (plan !== user.plan) {
    await setUserPlan(db, user.id, plan);
    user.plan = plan;
  }
  // With a second factor on the account, a challenge for it instead of a session.
  const result = await sessionOrSecondFactor(db, user, {
    rememberMe: input.rememberMe ?? false,
    userAgent: client.userAgent,
  });
  // Failures are forgiven only when the sign-in is whole: wrong second-factor codes after a
  // right password keep counting.
  if (!isPending(result)) await clearLoginFailures(db, [account]);
  return result;
}

/** A guest account row: no password, so it is reached only through its session or a claim. */
export async function insertGuest(db: Database): Promise<UserRow> {
  const id = newId();
  const user = newUser({
    id,
    email: `guest-${id}@guest.invalid`,
    name: 'Guest',
    password_hash: null,
    is_guest: 1,
  });
  await insertUser(db, user);
  return user;
}

/** A guest for 'Continue as guest (24h sites)': a real user row, marked, with a 24-hour session. */
export async function createGuest(db: Database, userAgent: string | null): Promise<SignedIn> {
  const user = await insertGuest(db);
  return { user, session: await createSession(db, user.id, GUEST_SESSION_TTL_MS, userAgent) };
}
