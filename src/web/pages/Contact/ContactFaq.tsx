import { ChevronDown } from 'lucide-react';
import { LIVE_CHAT_HOURS } from '../../content/company';

// Four questions — response speed, phone support, demos/consultation,
// technical documentation.
const FAQ = [
  {
    q: 'How quickly will I get a response?',
    a: `We answer every message within 24 hours on business days, usually much sooner. Live chat is staffed ${LIVE_CHAT_HOURS}.`,
  },
  {
    q: 'Do you offer phone support?',
    a: 'Phone support is available to Enterprise customers. Everyone else can reach us by email, where the same team answers.',
  },
  {
    q: 'Can I book a demo or consultation?',
    a: 'Demos and onboarding sessions are offered to team and enterprise customers. Choose "Partnership" or "General Question" above and tell us about your team.',
  },
  {
    q: 'Where can I find technical documentation?',
    a: 'The Help Center has step-by-step guides to deploying, supported formats and libraries, and updating sites.',
  },
];

export function ContactFaq() {
  return (
    <section aria-labelledby="faq" className="mt-16">
      <h2 id="faq" className="text-2xl font-semibold">
        Frequently Asked Questions
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {FAQ.map(({ q, a }) => (
          <details
            key={q}
            open
            className="group rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-medium">
              {q}
              <ChevronDown
                className="h-4 w-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
