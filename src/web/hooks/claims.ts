import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimRequest, GuestClaim } from '../../shared/claim';
import { claimsApi } from '../api/claims';
import { sitesKey } from './sites';
import { useToast } from './toasts';

export const movedMessage = (count: number) =>
  `${count} site${count === 1 ? '' : 's'} moved to your account`;

/** POST /api/sites/claim; a move is announced and the sites list asked again. */
export function useKeepSites(onMoved?: (claim: GuestClaim) => void) {
  const client = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: (body: ClaimRequest) => claimsApi.claim(body),
    onSuccess: (claim) => {
      if (claim.moved.length === 0) return;
      notify({ type: 'success', title: movedMessage(claim.moved.length) });
      void client.invalidateQueries({ queryKey: sitesKey });
      onMoved?.(claim);
    },
  });
}
