import type { NotificationSettings } from '../../../shared/account';
import type { AppContext } from '../../context';
import { setUserNotifications } from '../../db/queries/users';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { authorize } from '../policy';

// Which e-mails an account wants. Security e-mails (password reset) are not optional.

export function notificationsOf(user: UserRow): NotificationSettings {
  return {
    planChanged: user.email_plan_changed === 1,
    paymentFailed: user.email_payment_failed === 1,
  };
}

export function getNotifications(user: UserRow): NotificationSettings {
  authorize(user, 'notifications.choose');
  return notificationsOf(user);
}

export async function setNotifications(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  authorize(user, 'notifications.choose');
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
