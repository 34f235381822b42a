import { Info } from 'lucide-react';

/** What keys are for and how they are kept, beside the table. */
export function ApiKeysInfo() {
  return (
    <aside className="rounded-xl border border-blue-200 bg-blue-50 p-5 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-200">
      <div className="flex items-center gap-2">
        <Info className="h-5 w-5 shrink-0" aria-hidden />
        <h2 className="font-semibold">About API keys</h2>
      </div>
      <ul className="mt-3 list-disc space-y-1.5 pl-5">
        <li>
          Artifacts that ask an AI model for answers (such as window.claude.complete) keep working
          on your live sites: your visitors get answers paid by your key.
        </li>
        <li>
          Keys are stored encrypted. They are never shown again in full and never sent to your
          visitors&rsquo; browsers.
        </li>
        <li>
          One key per provider is active at a time: switching one on switches the others off. Adding
          a key asks whether it takes over; deleting the active key hands over to another.
        </li>
        <li>
          How many AI calls each site may make, and whether it makes any, is set on that
          site&rsquo;s own page.
        </li>
      </ul>
    </aside>
  );
}
