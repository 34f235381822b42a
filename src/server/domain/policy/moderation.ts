import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { isOperator } from './decide';
import { OPERATORS_CANNOT_BE_SUSPENDED } from './messages';

/**
 * Refuses to suspend an operator: a suspended operator would lock the service's own people out
 * of the console. Taking the ADMIN plan away comes first.
 */
export function assertMaySuspend(
  config: Config,
  target: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): void {
  if (isOperator(config, target)) throw badRequest(OPERATORS_CANNOT_BE_SUSPENDED);
}
