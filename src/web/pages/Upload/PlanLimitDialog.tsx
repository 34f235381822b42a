import { Crown } from 'lucide-react';
import { PlanLimitDetailsSchema, type PlanLimitDetails } from '../../../shared/errors';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { BILLING_PATH } from '../../hooks/billing';
import { Dialog } from '../../components/ui/Dialog';
import { ProgressBar } from '../../components/ui/ProgressBar';

export type PlanLimit = Partial<Omit<PlanLimitDetails, 'upgradeRequired'>>;

/** What the 403's details say, keeping only the fields that have the expected type. */
export function readPlanLimit(details: unknown): PlanLimit {
  const fields = PlanLimitDetailsSchema.omit({ upgradeRequired: true }).partial();
  const parsed = fields.safeParse(details);
  return parsed.success ? parsed.data : {};
}

/** The plan-limit refusal: the 403 with upgradeRequired; details may leave out any field. */
export function PlanLimitDialog({
  limit,
  signedIn,
  onClose,
}: {
  limit: PlanLimit | null;
  signedIn: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const max = limit?.maxAllowed ?? 3;
  const current = limit?.currentCount;
  const known = limit?.plan !== undefined;
  return (
    <Dialog
      open={limit !== null}
      onClose={onClose}
      title="Plan Limit Reached"
      size="sm"
      icon={
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-amber-100 text-amber-600 dark:bg-amber-900/40 dark:text-amber-300">
          <Crown className="h-5 w-5" aria-hidden />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Maybe Later
          </Button>
          <Button onClick={() => navigate(signedIn ? BILLING_PATH : '/auth')}>
            Upgrade to Pro
          </Button>
        </>
      }
    >
      <p>
        {known
          ? `You've reached the limit of ${max} sites on the ${limit?.plan} plan.`
          : 'You have exceeded your plan limits.'}
      </p>
      {current !== undefined && (
        <div className="mt-5">
          <div className="mb-1.5 flex justify-between text-xs font-medium">
            <span>Sites used</span>
            <span>
              {current}/{max}
            </span>
          </div>
          <ProgressBar label="Sites used" value={current} max={max} fill="bg-amber-500" />
        </div>
      )}
      <p className="mt-5">
        Pro has no site limit (Starter holds 15), or delete a site you no longer need from your
        dashboard to make room.
      </p>
    </Dialog>
  );
}
