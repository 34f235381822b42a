import type { User } from '../../shared/user';
import type { UserRow } from '../db/schema';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    isGuest: row.is_guest === 1,
    createdAt: row.created_at,
  };
}
