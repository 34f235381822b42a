import type { Deployment, DeploymentStatus } from '../../shared/deployment';

// How statuses read and look, the same on every screen.

export function isFinalStatus(status: string): boolean {
  return status === 'SUCCESS' || status === 'FAILED';
}

export type Tone = 'green' | 'yellow' | 'blue' | 'red' | 'gray';

export const SITE_STATUS_DISPLAY: Record<string, { label: string; tone: Tone }> = {
  ACTIVE: { label: 'Active', tone: 'green' },
  PENDING: { label: 'Pending', tone: 'yellow' },
  BUILDING: { label: 'Building', tone: 'blue' },
  ERROR: { label: 'Error', tone: 'red' },
  INACTIVE: { label: 'Inactive', tone: 'gray' },
};

/** Unknown statuses look INACTIVE. */
export function siteStatusDisplay(status: string): { label: string; tone: Tone } {
  return SITE_STATUS_DISPLAY[status.toUpperCase()] ?? SITE_STATUS_DISPLAY.INACTIVE!;
}

/** The detail screen compares case-insensitively and groups deployment and site statuses. */
export function detailStatusKind(status: string): 'success' | 'working' | 'error' | 'other' {
  const s = status.toLowerCase();
  if (s === 'active' || s === 'success') return 'success';
  if (s === 'pending' || s === 'building') return 'working';
  if (s === 'error' || s === 'failed') return 'error';
  return 'other';
}

export const DEPLOYMENT_TITLES: Record<DeploymentStatus, string> = {
  PENDING: 'Pending',
  BUILDING: 'Building...',
  SUCCESS: 'Deployed Successfully',
  FAILED: 'Deployment Failed',
};

export interface DeploymentView {
  title: string;
  /** The line under the title. */
  detail: string;
  progress: number;
  showProgress: boolean;
}

/**
 * What a deployment shows: a building deployment with a message uses it as its title;
 * SUCCESS forces 100 %; the upload screen words success its own way.
 */
export function deploymentView(
  d: Pick<Deployment, 'status' | 'progress' | 'message' | 'errorMessage'>,
  screen: 'upload' | 'progress' = 'progress',
): DeploymentView {
  switch (d.status) {
    case 'PENDING':
      return {
        title: DEPLOYMENT_TITLES.PENDING,
        detail: 'Waiting for deployment to start...',
        progress: d.progress,
        showProgress: false,
      };
    case 'BUILDING':
      return {
        title: d.message || DEPLOYMENT_TITLES.BUILDING,
        detail: 'Building your site...',
        progress: d.progress || 50,
        showProgress: true,
      };
    case 'SUCCESS':
      return {
        title: DEPLOYMENT_TITLES.SUCCESS,
        detail:
          screen === 'upload' ? 'Deployment completed successfully!' : 'Deployed successfully!',
        progress: 100,
        showProgress: true,
      };
    case 'FAILED':
      return {
        title: DEPLOYMENT_TITLES.FAILED,
        detail: d.errorMessage || 'Deployment failed',
        progress: 0,
        showProgress: false,
      };
  }
}
