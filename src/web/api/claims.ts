import type { ClaimInfoResponse, ClaimRequest, GuestClaim } from '../../shared/claim';
import { api } from './client';

// Claimable guest sites: what a claim link holds, and moving its sites into the account.
export const claimsApi = {
  info: (token: string) => api<ClaimInfoResponse>(`/sites/claim/${encodeURIComponent(token)}`),
  claim: (body: ClaimRequest) => api<GuestClaim>('/sites/claim', { body }),
};
