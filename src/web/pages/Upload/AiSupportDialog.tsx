import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

const PROVIDERS = [
  { name: 'Claude', by: 'Anthropic', note: 'artifacts that call window.claude.complete()' },
  { name: 'Gemini', by: 'Google', note: 'Gemini models' },
  { name: 'OpenAI', by: 'OpenAI', note: 'GPT models' },
];

// Prompts for artifacts that work fully today: no AI calls from the live page.
const PROMPTS = [
  'Build a React recipe box: I type the ingredients I have and it shows matching recipes from a list built into the page. Save my favourites with window.storage.',
  'Make a single-file HTML page for my bakery with opening hours, the menu and a FAQ whose answers open and close.',
  'Create a React flashcard quiz styled with Tailwind that remembers my best score with window.storage.',
];

/** What happens to an artifact's own AI features once it is live (keys are still to come). */
export function AiSupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="AI Artifacts Support"
      icon={
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-violet-100 text-violet-600 dark:bg-violet-900/40 dark:text-violet-300">
          <Sparkles className="h-5 w-5" aria-hidden />
        </span>
      }
      footer={<Button onClick={onClose}>Got it</Button>}
    >
      <p>
        Some artifacts ask an AI model for answers while they run (a story helper, a chatbot, a
        recipe generator). AI keys arrive soon; until then, an AI request from a deployed site is
        answered with a notice: &ldquo;AI features are not set up for this site yet.&rdquo;
        Everything else in the artifact works, including the data it saves with window.storage.
      </p>
      <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-100">Planned providers</h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-3">
        {PROVIDERS.map((p) => (
          <li key={p.name} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <p className="font-medium text-slate-900 dark:text-slate-100">{p.name}</p>
            <p className="text-xs text-slate-500">
              {p.by} · {p.note}
            </p>
          </li>
        ))}
      </ul>
      <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-100">What to do today</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Paste the artifact here exactly as your assistant gave it to you and deploy.</li>
        <li>Open the live site: everything but its AI feature works; that one gets the notice.</li>
        <li>Adding your own provider key on the API Keys page is not available yet.</li>
      </ol>
      <Link
        to="/api-keys"
        className="mt-3 inline-block font-medium text-brand-600 hover:underline dark:text-brand-400"
      >
        API Keys (not available yet)
      </Link>
      <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-100">
        Example prompts that work today
      </h3>
      <ul className="mt-2 space-y-2">
        {PROMPTS.map((prompt, i) => (
          <li
            key={prompt}
            className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60"
          >
            <p className="flex-1">{prompt}</p>
            <CopyButton text={prompt} label={`Copy example prompt ${i + 1}`} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
