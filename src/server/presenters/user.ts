import type { User } from '../../shared/user';
import type { Config } from '../config';
import type { UserRow } from '../db/schema';
import { planOf } from '../domain/billing/plans';

/** The plan shown is the one in force, so an installation's admins see ADMIN. */
export function presentUser(config: Config, row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: planOf(config, row),
    isGuest: row.is_guest === 1,
    emailVerified: row.email_verified === 1,
    createdAt: row.created_at,
  };
}
