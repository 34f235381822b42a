import { describe, expect, it } from 'vitest';
import { ContactRequestSchema, nextSupportOpening, supportIsOpen } from './support';

describe('live chat hours (9 AM to 6 PM Pacific, Monday to Friday)', () => {
  it('is open on a weekday afternoon in California, summer or winter', () => {
    // Thursday 26 Nov 2026, 12:00 PST (UTC-8).
    expect(supportIsOpen(new Date('2026-11-26T20:00:00Z'))).toBe(true);
    // Wednesday 1 Jul 2026, 09:00 PDT (UTC-7).
    expect(supportIsOpen(new Date('2026-07-01T16:00:00Z'))).toBe(true);
  });

  it('is closed before nine, from six, and at weekends', () => {
    expect(supportIsOpen(new Date('2026-11-26T16:59:00Z'))).toBe(false); // 08:59 PST
    expect(supportIsOpen(new Date('2026-11-27T02:00:00Z'))).toBe(false); // Thu 18:00 PST
    expect(supportIsOpen(new Date('2026-11-28T20:00:00Z'))).toBe(false); // Saturday noon
  });

  it('names the next opening: Friday evening waits for Monday 9 AM', () => {
    // Friday 27 Nov 2026, 19:30 PST → Monday 30 Nov 09:00 PST = 17:00 UTC.
    expect(nextSupportOpening(new Date('2026-11-28T03:30:00Z')).toISOString()).toBe(
      '2026-11-30T17:00:00.000Z',
    );
    const open = new Date('2026-11-26T20:00:00Z');
    expect(nextSupportOpening(open)).toBe(open);
  });
});

describe('the contact form', () => {
  it('takes a filled-in form, with the address in lower case', () => {
    const parsed = ContactRequestSchema.parse({
      name: ' Ann ',
      email: 'Ann@Example.COM',
      subject: 'Hi',
      message: 'A question about my plan.',
    });
    expect(parsed).toMatchObject({ name: 'Ann', email: 'ann@example.com', type: 'general' });
  });

  it('says what is wrong with each field', () => {
    const result = ContactRequestSchema.safeParse({
      name: '',
      email: 'x',
      subject: '',
      message: 'hi',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('Please enter your name');
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain('Please write at least 10 characters.');
  });
});
