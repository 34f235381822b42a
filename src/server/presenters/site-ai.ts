import type { SiteAiResponse } from '../../shared/site-ai';
import type { SiteAiState } from '../domain/credentials/site-ai';

export function presentSiteAi(state: SiteAiState): SiteAiResponse {
  return {
    settings: {
      enabled: state.settings.enabled,
      perVisitorPerMinute: state.settings.perVisitorPerMinute,
      perDay: state.settings.perDay,
      maxTokensPerCall: state.settings.maxTokensPerCall,
    },
    callsToday: state.callsToday,
    provider: state.provider,
  };
}
