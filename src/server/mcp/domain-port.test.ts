import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { domainPort, READ_ONLY_MESSAGE } from './domain-port';

describe('domainPort', () => {
  it('refuses to deploy or roll back for a read-only token, before spending anything', async () => {
    let spent = 0;
    // Nothing of the context is reached: the refusal comes first.
    const port = domainPort({} as AppContext, { id: 'u1' } as UserRow, {
      clientAddress: '127.0.0.1',
      spendDeployBudget: async () => {
        spent += 1;
      },
      readOnly: true,
    });
    await expect(port.deploy({ kind: 'code', bytes: Buffer.from('x') }, 'a')).rejects.toThrow(
      READ_ONLY_MESSAGE,
    );
    await expect(port.rollback('s1', 'd1')).rejects.toThrow(READ_ONLY_MESSAGE);
    expect(spent).toBe(0);
  });
});
