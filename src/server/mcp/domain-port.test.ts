import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ONLY_READ as READ_ONLY_MESSAGE } from '../domain/policy';
import { domainPort } from './domain-port';

describe('domainPort', () => {
  it('refuses to deploy or roll back for a read-only token, before spending anything', async () => {
    let spent = 0;
    // Nothing of the context is reached: the refusal comes first.
    const reader = { id: 'u1' } as UserRow;
    const port = domainPort(
      {} as AppContext,
      { user: reader, credential: { kind: 'token', scope: 'read' } },
      {
        clientAddress: '127.0.0.1',
        spendDeployBudget: async () => {
          spent += 1;
        },
      },
    );
    await expect(port.deploy({ kind: 'code', bytes: Buffer.from('x') }, 'a')).rejects.toThrow(
      READ_ONLY_MESSAGE,
    );
    await expect(port.rollback('s1', 'd1')).rejects.toThrow(READ_ONLY_MESSAGE);
    expect(spent).toBe(0);
  });
});
