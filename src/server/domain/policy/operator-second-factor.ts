import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { isOperator } from './decide';
import { SECOND_FACTOR_REQUIRED_MESSAGE } from './messages';

// The console can suspend accounts and take sites down: an operator in production opens it
// only with a second factor. Whether the account has one is read by the caller (the policy
// does not import the two-factor module, which asks the policy in turn) and asked only of
// an operator.

/** Whether this account must set up a second factor before the console opens. */
export async function operatorOwesSecondFactor(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
  hasSecondFactor: () => Promise<boolean>,
): Promise<boolean> {
  if (!config.twoFactor.requiredForAdmins || !isOperator(config, user)) return false;
  return !(await hasSecondFactor());
}

/** Refuses the console to an operator who has no second factor yet, saying how to get one. */
export async function assertOperatorSecondFactor(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
  hasSecondFactor: () => Promise<boolean>,
): Promise<void> {
  if (await operatorOwesSecondFactor(config, user, hasSecondFactor)) {
    throw new AppError(403, 'SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED_MESSAGE);
  }
}
