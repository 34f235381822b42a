import type { NotificationSettings } from '../../shared/account';
import type { AppContext } from '../context';
import { setUserNotifications } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { forbidden } from '../errors';
import { nowIso } from '../lib/ids';

// Which e-mails an account wants. Security e-mails (password reset) are not optional.

function assertAccount(user: UserRow): void {
  if (user.is_guest) throw forbidden('Create an account to choose which e-mails you get.');
}

export function notificationsOf(user: UserRow): NotificationSettings {
  return {
    planChanged: user.email_plan_changed === 1,
    paymentFailed: user.email_payment_failed === 1,
  };
}

export function getNotifications(user: UserRow): NotificationSettings {
  assertAccount(user);
  return notificationsOf(user);
}

export async function setNotifications(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  assertAccount(user);
  await setUserNotifications(
    ctx.db,
    user.id,
    {
      email_plan_changed: settings.planChanged ? 1 : 0,
      email_payment_failed: settings.paymentFailed ? 1 : 0,
    },
    nowIso(),
  );
  return settings;
}
