import { useQuery } from '@tanstack/react-query';
import { twoFactorApi } from '../api/two-factor';

export const twoFactorKey = ['account', 'two-factor'] as const;

/** The account's two-factor state, shared by the Security tab's cards and the operator gate. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: twoFactorKey, queryFn: twoFactorApi.status, retry: false, enabled });
}
