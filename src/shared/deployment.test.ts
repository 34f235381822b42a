import { describe, expect, it } from 'vitest';
import { DeployCodeRequestSchema } from './deployment';
import { MAX_CODE_CHARS } from './limits';

describe('the code-paste limit', () => {
  const request = (code: string) =>
    DeployCodeRequestSchema.safeParse({ subdomain: 'paste', code, aiProvider: 'GEMINI' });

  it('takes code up to the limit and refuses a longer paste in characters', () => {
    expect(request('x'.repeat(MAX_CODE_CHARS)).success).toBe(true);
    const over = request('x'.repeat(MAX_CODE_CHARS + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(
      'The code is too long. The maximum is 500,000 characters.',
    );
  });

  it('refuses the 550 KB paste that held a build slot for minutes', () => {
    expect(request('<div>'.repeat(110_000)).success).toBe(false);
  });
});
