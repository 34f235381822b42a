import { CheckCircle2, Send } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  INQUIRY_LABELS,
  INQUIRY_TYPES,
  type ContactRequest,
  type ContactResponse,
  type InquiryType,
} from '../../../shared/support';
import { errorMessage } from '../../api/client';
import { supportApi } from '../../api/support';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';

const empty: ContactRequest & { type: InquiryType } = {
  name: '',
  email: '',
  type: 'general',
  subject: '',
  message: '',
};
type Values = typeof empty;

const required = <span className="text-red-500"> *</span>;

export function ContactForm() {
  const [values, setValues] = useState<Values>(empty);
  const [sent, setSent] = useState<ContactResponse['ticket'] | null>(null);
  const ids = { type: useId(), message: useId() };
  const contact = useMutation({
    mutationFn: (input: Values) => supportApi.contact(input),
    onSuccess: ({ ticket }) => setSent(ticket),
  });

  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  // The message is stored as a ticket and e-mailed to the team; the reference is what the
  // sender quotes, and what their acknowledgement e-mail carries.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    contact.mutate(values);
  };

  if (sent) {
    return (
      <Card className="flex flex-col items-center p-10 text-center" role="status">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-900/40 dark:text-emerald-400">
          <CheckCircle2 className="h-8 w-8" aria-hidden />
        </span>
        <h3 className="mt-4 text-2xl font-semibold">Message Sent!</h3>
        <p className="mt-2 max-w-sm text-slate-600 dark:text-slate-400">
          Thank you for reaching out. We&apos;ll get back to you within 24 hours.
        </p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Your reference:{' '}
          <strong className="font-mono text-slate-900 dark:text-slate-100" data-testid="reference">
            {sent.reference}
          </strong>
          . We have e-mailed you a copy.
        </p>
        {/* Values are kept on purpose: 'Send Another Message' returns to the form as it was. */}
        <Button
          variant="secondary"
          className="mt-6"
          onClick={() => {
            setSent(null);
            contact.reset();
          }}
        >
          Send Another Message
        </Button>
      </Card>
    );
  }

  const sending = contact.isPending;
  return (
    <Card className="p-6 sm:p-8">
      <form onSubmit={submit} className="space-y-5">
        {contact.isError && (
          <ErrorBox>{errorMessage(contact.error, 'Your message could not be sent.')}</ErrorBox>
        )}
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
            onChange={(e) => set('type')(e.target.value as InquiryType)}
            className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
          >
            {INQUIRY_TYPES.map((t) => (
              <option key={t} value={t}>
                {INQUIRY_LABELS[t]}
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
