import type { AppContext, Part } from '../context';
import { userById } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { notificationsOf } from '../domain/accounts/notifications';
import type { NotificationSettings } from '../../shared/account';
import {
  abuseReportMail,
  domainLostMail,
  domainReleasedMail,
  paymentFailedMail,
  planChangedMail,
  type MailContent,
} from '../mailer/templates';
import { listenForSupportMail } from './support';

/**
 * The mail listeners: the e-mails that follow what happened elsewhere (billing, abuse reports).
 * Handlers are `onOwn`: the node where the change was made sends the e-mail, so a cluster sends
 * it once. The port that sends and the templates are apart from these listeners: the domain
 * sends its own mail through them without depending on this file, which depends on the domain.
 */
export function createMailNotifications(ctx: AppContext): Part {
  const unsubscribe: Array<() => void> = [];

  const notify = (
    userId: string,
    wanted: keyof NotificationSettings,
    content: (user: UserRow) => MailContent,
  ) => {
    void (async () => {
      const user = await userById(ctx.db, userId);
      if (!user || user.is_guest || !notificationsOf(user)[wanted]) {
        ctx.log.debug({ userId, notice: wanted }, 'e-mail notice not wanted');
        return;
      }
      await ctx.mailer.send({ to: user.email, ...content(user) });
    })().catch((err: unknown) => ctx.log.error({ err, userId }, 'a notice e-mail failed'));
  };

  /** Notices about what the account holds (its domains): sent whatever the settings say. */
  const tell = (userId: string, content: (user: UserRow) => MailContent) => {
    void (async () => {
      const user = await userById(ctx.db, userId);
      if (!user || user.is_guest) return;
      await ctx.mailer.send({ to: user.email, ...content(user) });
    })().catch((err: unknown) => ctx.log.error({ err, userId }, 'a notice e-mail failed'));
  };
  const sitePage = (siteId: string) => `${ctx.config.appOrigin}/sites/${siteId}`;

  return {
    start() {
      const settings = `${ctx.config.appOrigin}/settings?tab=billing`;
      unsubscribe.push(
        ctx.events.onOwn('user.plan-changed', (e) =>
          notify(e.userId, 'planChanged', (user) =>
            planChangedMail({
              name: user.name,
              from: e.previousPlan,
              to: e.plan,
              settingsUrl: settings,
            }),
          ),
        ),
        ctx.events.onOwn('billing.payment-failed', (e) =>
          notify(e.userId, 'paymentFailed', (user) =>
            paymentFailedMail({
              name: user.name,
              amountDue: e.amountDue,
              currency: e.currency,
              nextAttemptAt: e.nextAttemptAt,
              billingUrl: settings,
            }),
          ),
        ),
      );
      unsubscribe.push(
        ctx.events.onOwn('custom-domain.lost', (e) =>
          tell(e.userId, (user) =>
            domainLostMail({ name: user.name, ...e, siteUrl: sitePage(e.siteId) }),
          ),
        ),
        ctx.events.onOwn('custom-domain.released', (e) =>
          tell(e.userId, (user) =>
            domainReleasedMail({ name: user.name, ...e, siteUrl: sitePage(e.siteId) }),
          ),
        ),
      );
      unsubscribe.push(...listenForSupportMail(ctx));
      const abuseTo = ctx.config.mail.abuseTo;
      if (abuseTo) {
        unsubscribe.push(
          ctx.events.onOwn('abuse.reported', (e) => {
            // Later reports about the site within its window go out together in the digest.
            if (e.batched) return;
            ctx.mailer
              .send({ to: abuseTo, ...abuseReportMail(e) })
              .catch((err: unknown) =>
                ctx.log.error({ err, reportId: e.reportId }, 'the abuse report e-mail failed'),
              );
          }),
        );
      }
    },
    stop() {
      for (const off of unsubscribe.splice(0)) off();
    },
  };
}
