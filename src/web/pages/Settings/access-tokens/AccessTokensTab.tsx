import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MAX_ACCESS_TOKENS_PER_ACCOUNT,
  type AccessToken,
  type CreateAccessTokenResponse,
} from '../../../../shared/access-token';
import { accessTokensApi } from '../../../api/access-tokens';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBox } from '../../../components/ui/Alert';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { CreateTokenForm } from './CreateTokenForm';
import { NewSecret } from './NewSecret';
import { TokensTable } from './TokensTable';

export const tokensKey = ['access-tokens'] as const;

/** Settings → Access Tokens: named secrets for the command-line tool and scripts. */
export function AccessTokensTab() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: tokensKey, queryFn: accessTokensApi.list, retry: false });
  const onSettled = () => client.invalidateQueries({ queryKey: tokensKey });
  const [created, setCreated] = useState<CreateAccessTokenResponse | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const create = useMutation({
    mutationFn: accessTokensApi.create,
    onSuccess: setCreated,
    onSettled,
  });
  const revoke = useMutation({
    mutationFn: accessTokensApi.revoke,
    onSuccess: () => setRevoking(null),
    onSettled,
  });
  const error = create.error ?? revoke.error ?? list.error;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Tokens let the <code className="font-mono">artifact-host</code> command-line tool and your
        scripts deploy without a password. A deploy token can deploy, roll back and delete sites; a
        read-only token can only look. Neither can change your account or open the operators’
        console.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        You can hold up to {MAX_ACCESS_TOKENS_PER_ACCOUNT} tokens
        {list.data ? ` (you have ${list.data.length})` : ''}. Every token stops working when your
        password is reset, when you sign out everywhere else, or when you change your password with
        “Also sign out other devices and revoke access tokens” ticked.
      </p>
      <Card className="p-4 sm:p-6">
        <CreateTokenForm busy={create.isPending} onCreate={(body) => create.mutate(body)} />
        {created && (
          <div className="mt-4">
            <NewSecret created={created} onDone={() => setCreated(null)} />
          </div>
        )}
      </Card>
      {error && <ErrorBox>{error.message}</ErrorBox>}
      <Card className="overflow-hidden">
        {list.isLoading ? (
          <Spinner label="Loading..." />
        ) : (list.data ?? []).length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">No access tokens yet.</p>
        ) : (
          <TokensTable tokens={list.data ?? []} onRevoke={setRevoking} />
        )}
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke access token?"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      >
        Anything using “{revoking?.name}” stops working at once. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
