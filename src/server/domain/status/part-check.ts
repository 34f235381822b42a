import type { PartState } from '../../../shared/status';

/** What one check found about one part of the service, before it is stored and rolled up. */
export interface PartCheck {
  status: PartState;
  detail: string;
}
