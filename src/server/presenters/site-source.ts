import type { SiteSource, SiteSourceResponse } from '../../shared/site-source';
import type { DeploymentRow, SiteRow } from '../db/schema';

export function presentSiteSource(
  site: Pick<SiteRow, 'current_deployment_id'>,
  deployment: Pick<DeploymentRow, 'id' | 'version'>,
  source: SiteSource,
): SiteSourceResponse {
  return {
    deployment: {
      id: deployment.id,
      version: deployment.version,
      isLive: site.current_deployment_id === deployment.id,
    },
    source,
  };
}
