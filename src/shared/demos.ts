// The demo sites the server deploys on first start and the example gallery links to.
// The first four are the ones /demo-instructions walks through.
export const GUIDED_DEMO_SUBDOMAINS = ['todo', 'memory', 'calculator', 'weather'] as const;
export const DEMO_SUBDOMAINS = [
  ...GUIDED_DEMO_SUBDOMAINS,
  'portfolio',
  'focus',
  'budget',
  'trivia',
] as const;
export type DemoSubdomain = (typeof DEMO_SUBDOMAINS)[number];
