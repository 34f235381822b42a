import type { User } from '../../shared/user';
import type { PlanName } from '../../shared/plans';
import type { UserRow } from '../db/schema';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan as PlanName,
    isGuest: row.is_guest === 1,
    createdAt: row.created_at,
  };
}
