import { describe, expect, it } from 'vitest';
import { AnalyticsDaysQuerySchema, daysOfWindow, formatDeployTime, successRate } from './analytics';

describe('analytics number rules', () => {
  it('shows deploy times in seconds, and in minutes and seconds from a minute on', () => {
    expect(formatDeployTime(0.04)).toBe('<0.1s');
    expect(formatDeployTime(0)).toBe('0s');
    expect(formatDeployTime(0.14)).toBe('0.1s');
    expect(formatDeployTime(4.25)).toBe('4.3s');
    expect(formatDeployTime(42.4)).toBe('42s');
    expect(formatDeployTime(60)).toBe('1m 0s');
    expect(formatDeployTime(125.2)).toBe('2m 5s');
  });

  it('rounds the success rate to a whole percentage, 0 when nothing ran', () => {
    expect(successRate({ successful: 2, total: 3 })).toBe(67);
    expect(successRate({ successful: 1, total: 3 })).toBe(33);
    expect(successRate({ successful: 0, total: 0 })).toBe(0);
  });

  it('takes 7, 30 or 90 days, 30 when not said', () => {
    expect(AnalyticsDaysQuerySchema.parse({}).days).toBe(30);
    expect(AnalyticsDaysQuerySchema.parse({ days: '90' }).days).toBe(90);
    expect(AnalyticsDaysQuerySchema.safeParse({ days: '14' }).success).toBe(false);
  });

  it('lists the UTC days of a window ending today, oldest first', () => {
    const now = Date.parse('2026-03-02T23:30:00Z');
    expect(daysOfWindow(3, now)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
