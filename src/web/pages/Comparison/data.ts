// The comparison table: four groups of features against three
// other kinds of service.
// The other columns describe typical services of each kind, not a named competitor.
export type Cell = boolean | string;

export const COLUMNS = [
  'Artifact Host',
  'Traditional static hosting',
  'Online code sandboxes',
  'Drag-and-drop site builders',
] as const;

export interface ComparisonRow {
  feature: string;
  cells: [Cell, Cell, Cell, Cell];
}

export interface ComparisonGroup {
  id: string;
  title: string;
  rows: ComparisonRow[];
}

export const GROUPS: ComparisonGroup[] = [
  {
    id: 'ai',
    title: 'AI artifact support',
    rows: [
      { feature: 'Paste JSX/TSX from an AI chat as-is', cells: [true, false, 'Partial', false] },
      {
        feature: 'shadcn/ui and lucide-react without setup',
        cells: [true, false, 'Manual', false],
      },
      { feature: 'window.storage works', cells: [true, false, false, false] },
      { feature: 'window.claude AI calls work', cells: ['With your AI key', false, false, false] },
      {
        feature: 'Any npm package fetched at build time',
        cells: [true, 'Your build', true, false],
      },
      { feature: 'HTML and .zip uploads', cells: [true, true, 'Partial', false] },
    ],
  },
  {
    id: 'speed',
    title: 'Deployment speed',
    rows: [
      {
        feature: 'Time to a live site',
        cells: ['Ready in 30 seconds', 'Minutes', 'Seconds', 'Hours'],
      },
      { feature: 'No local build tools needed', cells: [true, false, true, true] },
      { feature: 'Live deployment progress and logs', cells: [true, true, false, false] },
      { feature: 'Instant redeploy and history', cells: [true, true, false, 'Partial'] },
    ],
  },
  {
    id: 'pro',
    title: 'Professional features',
    rows: [
      { feature: 'Custom domains with free SSL', cells: ['Starter and Pro', true, 'Paid', 'Paid'] },
      { feature: 'Visitor analytics per site', cells: [true, 'Add-on', false, true] },
      { feature: 'Production hosting (not an editor preview)', cells: [true, true, false, true] },
      { feature: 'Encrypted AI provider keys', cells: [true, false, false, false] },
    ],
  },
  {
    id: 'pricing',
    title: 'Pricing',
    rows: [
      { feature: 'Free tier', cells: ['3 sites', true, true, 'Ads on site'] },
      {
        feature: 'Paid plans from',
        cells: ['$5/month', '$19/month', '$9/month', '$16/month'],
      },
      { feature: 'No credit card to start', cells: [true, true, true, 'Varies'] },
    ],
  },
];
