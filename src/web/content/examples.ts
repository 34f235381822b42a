import {
  Brain,
  Calculator,
  CloudSun,
  GraduationCap,
  ListTodo,
  Palette,
  PiggyBank,
  Timer,
  type LucideIcon,
} from 'lucide-react';
import type { DemoSubdomain } from '../../shared/demos';

/** An example gallery entry. demoUrl is derived from the demo's subdomain. */
export interface ExampleEntry {
  id: string;
  title: string;
  description: string;
  category: string;
  icon: LucideIcon;
  /** The site's subdomain on the user-content domain; demoUrl = {protocol}://{sub}.{domain}. */
  demoSubdomain: DemoSubdomain;
  tags: string[];
  createdWith: string;
}

export const EXAMPLES: ExampleEntry[] = [
  {
    id: 'todo',
    title: 'Task Flow To-Do List',
    description:
      'A clean task manager with priorities, filters and a progress ring. Tasks are saved with window.storage, so they are still there when you come back.',
    category: 'Productivity',
    icon: ListTodo,
    demoSubdomain: 'todo',
    tags: ['window.storage', 'Filters', 'Keyboard friendly', 'Responsive'],
    createdWith: 'Claude',
  },
  {
    id: 'memory',
    title: 'Emoji Memory Match',
    description:
      'Flip cards, find the pairs and beat your best time. Three difficulty levels, a move counter and smooth 3D card flips.',
    category: 'Games',
    icon: Brain,
    demoSubdomain: 'memory',
    tags: ['Game', 'CSS 3D', 'Animations', 'High scores', 'Touch'],
    createdWith: 'ChatGPT',
  },
  {
    id: 'calculator',
    title: 'Scientific Calculator',
    description:
      'Trigonometry, powers, roots and memory, with full keyboard support and a history tape you can click to reuse results.',
    category: 'Utilities',
    icon: Calculator,
    demoSubdomain: 'calculator',
    tags: ['Math', 'Keyboard', 'History'],
    createdWith: 'Claude',
  },
  {
    id: 'weather',
    title: 'Weather Dashboard',
    description:
      'A seven-day forecast for five cities with an hourly temperature chart, wind and humidity cards, and a °C/°F switch.',
    category: 'Data Visualization',
    icon: CloudSun,
    demoSubdomain: 'weather',
    tags: ['Charts', 'SVG', 'Dashboard', 'Responsive'],
    createdWith: 'Gemini',
  },
  {
    id: 'portfolio',
    title: 'Designer Portfolio',
    description:
      'A one-page portfolio with a case-study grid, testimonials and a contact section, ready to share with a link.',
    category: 'Portfolio',
    icon: Palette,
    demoSubdomain: 'portfolio',
    tags: ['HTML', 'CSS Grid', 'Contact section', 'SEO'],
    createdWith: 'v0',
  },
  {
    id: 'focus-timer',
    title: 'Focus Timer',
    description:
      'A Pomodoro timer with work and break cycles, a session log and gentle sound cues made with tone.',
    category: 'Productivity',
    icon: Timer,
    demoSubdomain: 'focus',
    tags: ['React', 'tone', 'framer-motion'],
    createdWith: 'Claude',
  },
  {
    id: 'budget',
    title: 'Monthly Budget Planner',
    description:
      'Track income and spending by category, see where the money goes in a donut chart and import bank exports from CSV.',
    category: 'Finance',
    icon: PiggyBank,
    demoSubdomain: 'budget',
    tags: ['recharts', 'papaparse', 'shadcn/ui', 'CSV'],
    createdWith: 'ChatGPT',
  },
  {
    id: 'trivia',
    title: 'Team Trivia Quiz',
    description:
      'A timed multiple-choice quiz for workshops and classrooms, with a live scoreboard and a shareable results screen.',
    category: 'Education',
    icon: GraduationCap,
    demoSubdomain: 'trivia',
    tags: ['React', 'Tailwind', 'lucide-react', 'Timer'],
    createdWith: 'Gemini',
  },
];

export const MAX_VISIBLE_TAGS = 3;

export function demoUrl(subdomain: string, sitesDomain: string, protocol: string): string {
  return `${protocol}://${subdomain}.${sitesDomain}`;
}
