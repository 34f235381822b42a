import { LegalDocument, type LegalSection } from '../../components/LegalDocument';
import { PRODUCT_NAME } from '../../components/Logo';
import { SLA_CREDITS, SLA_MONTHLY_PERCENT, STATUS_PART_NAMES } from '../../../shared/status';
import { FREE_SITES, LEGAL_RESPONSE_DAYS, SUPPORT_EMAIL, todayLong } from '../../content/company';

// The terms' sections and commitments, in the order the page shows them.
const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to terms',
    body: (
      <p>
        By creating an account, deploying a site or otherwise using {PRODUCT_NAME}, you agree to
        these terms. If you use the service on behalf of an organisation, you accept them for that
        organisation. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Description of service',
    body: (
      <p>
        {PRODUCT_NAME} turns AI-generated artifacts, such as React components and HTML pages, into
        hosted websites. We build the code you provide, serve it on a subdomain of our user-content
        domain (or on your own domain, on the paid plans), count its views and provide deployment
        tools. Guest sites are removed after 24 hours; the Free plan includes {FREE_SITES} sites. We
        may change or improve features over time.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'User accounts',
    body: (
      <ul>
        <li>You must give accurate information and keep your password confidential.</li>
        <li>You are responsible for everything that happens under your account.</li>
        <li>
          Tell us straight away at {SUPPORT_EMAIL} if you suspect someone else has access to it.
        </li>
        <li>You must be at least 13 years old, or the minimum age in your country.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to use the service to host or distribute:</p>
        <ul>
          <li>malware, phishing pages or anything designed to deceive visitors;</li>
          <li>
            content that is illegal, infringes others’ rights, or harasses or exploits people;
          </li>
          <li>spam, or tools that attack, scrape or overload other services;</li>
          <li>anything that tries to get around plan limits or another user’s security.</li>
        </ul>
        <p>We may suspend sites that break these rules, with notice where we reasonably can.</p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <>
        <p>
          You keep ownership of everything you deploy. You grant us a limited, worldwide licence to
          store, build, copy and serve your content only as needed to host it and run the service.
          The licence ends when you delete the content, apart from backups that expire on their own
          schedule.
        </p>
        <p>
          If you believe a site infringes your copyright, write to {SUPPORT_EMAIL} with the address
          of the site and a description of the work. We review every complaint, remove infringing
          material, and notify the site owner, who may respond. Accounts of repeat infringers may be
          terminated.
        </p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Payment and billing',
    body: (
      <>
        <p>Paid plans are paid by card through our payment processor, Stripe:</p>
        <ul>
          <li>
            Paid plans are billed in advance for each period (the plans on sale are monthly) and
            renew automatically.
          </li>
          <li>
            Switching between Starter and Pro takes effect at once: moving up, the difference for
            the rest of the period is charged; moving down, the unused time is credited against your
            next invoices. The amount is shown before you confirm.
          </li>
          <li>Fees are non-refundable except where the law requires otherwise.</li>
          <li>
            You can cancel at any time; you keep access to paid features until the end of the
            current billing period.
          </li>
          <li>We will tell you in advance about any change to the price of your plan.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'service-level',
    title: 'Service level (Pro plan)',
    body: (
      <>
        <p>
          On the Pro plan we commit to a monthly uptime for these parts of the service, measured by
          the checks shown on the public status page (/status), which run every minute:
        </p>
        <ul>
          {Object.entries(SLA_MONTHLY_PERCENT).map(([part, percent]) => (
            <li key={part}>
              {STATUS_PART_NAMES[part as keyof typeof STATUS_PART_NAMES]}: {percent}% of the checks
              in a calendar month (UTC) find it up.
            </li>
          ))}
        </ul>
        <p>
          When a covered part misses its figure in a month, you get a service credit on that month’s
          Pro fee, by the lowest monthly figure of a covered part:
        </p>
        <ul>
          {SLA_CREDITS.map((c) => (
            <li key={c.creditPercent}>
              {c.creditPercent}% of the fee when it is below{' '}
              {typeof c.below === 'number' ? `${c.below}%` : c.below}.
            </li>
          ))}
        </ul>
        <p>
          Only the highest credit that applies is given. Ask for it through the contact page within
          30 days after the month ends; it is taken off your next invoice. Credits are the whole
          remedy for a missed service level. Maintenance counts like any other time.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        The service is provided “as is”. We work hard to keep it fast and available, but except
        where a written SLA applies to your plan, we do not guarantee that it will be uninterrupted
        or error-free. To the extent the law allows, our total liability for any claim is limited to
        the amount you paid us in the twelve months before it, and we are not liable for indirect or
        consequential losses.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the product evolves. We will try to give at least 30 days
        notice of material changes by email or in the app. Continuing to use the service after a
        change takes effect means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to{' '}
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="font-medium text-brand-600 dark:text-brand-400"
        >
          {SUPPORT_EMAIL}
        </a>
        . We answer legal enquiries within {LEGAL_RESPONSE_DAYS} days.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={todayLong()}
      intro={
        <p>
          These terms govern your use of {PRODUCT_NAME}. Please read them carefully: they explain
          your rights and responsibilities and ours.
        </p>
      }
      sections={sections}
    />
  );
}
