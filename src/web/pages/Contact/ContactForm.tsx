import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';

/** Inquiry type values and labels, general first as the default. */
export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Question' },
  { value: 'support', label: 'Technical Support' },
  { value: 'billing', label: 'Billing & Plans' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'press', label: 'Press & Media' },
] as const;

/** The simulated send takes this long. */
export const SEND_DELAY_MS = 1000;

interface ContactMessage {
  name: string;
  email: string;
  type: string;
  subject: string;
  message: string;
}

const empty: ContactMessage = { name: '', email: '', type: 'general', subject: '', message: '' };
type Phase = 'editing' | 'sending' | 'sent';

const required = <span className="text-red-500"> *</span>;

export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(empty);
  const [phase, setPhase] = useState<Phase>('editing');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ids = { type: useId(), message: useId() };

  useEffect(() => () => clearTimeout(timer.current), []);

  const set = (key: keyof ContactMessage) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  // The message is held only in the form and never sent: the send is simulated.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPhase('sending');
    timer.current = setTimeout(() => setPhase('sent'), SEND_DELAY_MS);
  };

  if (phase === 'sent') {
    return (
      <Card className="flex flex-col items-center p-10 text-center" role="status">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-900/40 dark:text-emerald-400">
          <CheckCircle2 className="h-8 w-8" aria-hidden />
        </span>
        <h3 className="mt-4 text-2xl font-semibold">Message Sent!</h3>
        <p className="mt-2 max-w-sm text-slate-600 dark:text-slate-400">
          Thank you for reaching out. We&apos;ll get back to you within 24 hours.
        </p>
        {/* Values are kept on purpose: 'Send Another Message' returns to the form as it was. */}
        <Button variant="secondary" className="mt-6" onClick={() => setPhase('editing')}>
          Send Another Message
        </Button>
      </Card>
    );
  }

  const sending = phase === 'sending';
  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={submit} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={<>Name{required}</>}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
          <Field
            label={<>Email{required}</>}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.type} className="mb-1.5 block text-sm font-medium">
            Inquiry type
          </label>
          <select
            id={ids.type}
            name="type"
            value={values.type}
            onChange={(e) => set('type')(e.target.value)}
            className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
          >
            {INQUIRY_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={<>Subject{required}</>}
          name="subject"
          required
          value={values.subject}
          onChange={(e) => set('subject')(e.target.value)}
        />
        <div>
          <label htmlFor={ids.message} className="mb-1.5 block text-sm font-medium">
            Message{required}
          </label>
          <textarea
            id={ids.message}
            name="message"
            required
            rows={6}
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
            placeholder="Tell us how we can help. Include your site's subdomain if it is about a deployment."
            className={cn(inputStyles, 'resize-y border-slate-300 dark:border-slate-700')}
          />
        </div>
        <Button type="submit" size="lg" loading={sending} className="w-full sm:w-auto">
          {sending ? (
            'Sending...'
          ) : (
            <>
              <Send className="h-4 w-4" aria-hidden /> Send Message
            </>
          )}
        </Button>
      </form>
    </Card>
  );
}
