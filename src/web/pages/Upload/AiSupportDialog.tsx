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

// Prompts for artifacts that use AI on their live page once a key is added.
const PROMPTS = [
  'Build a React recipe generator: I type the ingredients I have, and it asks window.claude.complete for three recipes and shows them as cards.',
  'Make a single-file HTML page for my bakery with a chat box that answers questions about our menu and opening hours using window.claude.complete.',
  'Create a React flashcard quiz styled with Tailwind that asks window.claude.complete to write new questions on any topic I type.',
];

/** How an artifact's own AI features keep working once it is live. */
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
        recipe generator). Add your own provider key and those answers keep coming on your live
        site: visitors get them through our server, paid by your key, which never reaches their
        browsers. Without a key, the page says &ldquo;
        {"This site's owner has not connected an AI provider yet"}&rdquo; and everything else in it
        keeps working.
      </p>
      <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-100">Supported providers</h3>
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
      <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-100">How to set it up</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Sign in and add your Claude, Gemini or OpenAI key on the API Keys page.</li>
        <li>Press Test beside it to check the provider accepts it.</li>
        <li>Paste the artifact here exactly as your assistant gave it to you and deploy.</li>
        <li>
          Open the live site: its AI features answer. Limits per visitor and per day are on the
          site&rsquo;s page.
        </li>
      </ol>
      <Link
        to="/api-keys"
        className="mt-3 inline-block font-medium text-brand-600 hover:underline dark:text-brand-400"
      >
        API Keys
      </Link>
      <h3 className="mt-5 font-semibold text-slate-900 dark:text-slate-100">Example prompts</h3>
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
