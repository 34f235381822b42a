import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BillingConfig } from '../../config';
import { createLogger } from '../../logger';
import { warnAboutBillingSettings } from './stripe-client';

function logged(billing: BillingConfig): string {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  warnAboutBillingSettings({ billing }, createLogger('debug', sink));
  return lines.join('');
}

const ON: BillingConfig = {
  secretKey: 'sk_test_secret_value',
  webhookSecret: 'whsec_secret_value',
  prices: { STARTER: 'price_s', PRO: 'price_p' },
  apiBase: null,
};

describe('billing settings at start', () => {
  it('only logs a missing Pro price, never the secrets', () => {
    const text = logged({ ...ON, prices: { STARTER: 'price_s', PRO: null } });
    expect(text).toContain('Pro plan price ID not configured');
    expect(text).not.toContain('sk_test_secret_value');
    expect(logged(ON)).toBe('');
    expect(logged({ ...ON, secretKey: null, prices: { STARTER: null, PRO: null } })).toBe('');
  });
});
