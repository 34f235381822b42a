import { LegalDocument, type LegalSection } from '../../components/LegalDocument';
import { PRODUCT_NAME } from '../../components/Logo';
import { LEGAL_RESPONSE_DAYS, PRIVACY_EMAIL, todayLong } from '../../content/company';

// The policy's sections, in order: commitment, information collected, use, sharing,
// security, rights, cookies, contact.
const sections: LegalSection[] = [
  {
    id: 'commitment',
    title: 'Our commitment',
    body: (
      <p>
        {PRODUCT_NAME} exists to put your work online, not to profit from your data. We collect only
        what we need to host your sites and run your account, we never sell personal information,
        and we explain here, in plain language, what we do with it.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your email address, optional name, and a one-way hash of
          your password; and, when you use them, the id of the GitHub or Google account you sign in
          with, your passkeys&rsquo; public keys, your two-factor secret, and the browsers you are
          signed in on.
        </li>
        <li>
          <strong>Content you deploy:</strong> the code, HTML and files you paste or upload, and the
          data your sites save with window.storage.
        </li>
        <li>
          <strong>Usage data:</strong> page-view counts per site, deployment logs, and technical
          logs (IP address, browser type, time of request) kept for security and troubleshooting.
        </li>
        <li>
          <strong>Visits to the sites you host:</strong> views per day, per page (without its query)
          and per referring website (its name only). Unique visitors are counted with a hash of the
          visitor&rsquo;s address and browser mixed with a secret that changes every day and is
          deleted the day after; the address itself is never stored for this, and no cookie is set.
          Free plans keep these figures 30 days, Starter one year, Pro for as long as the site
          exists.
        </li>
        <li>
          <strong>Plan and billing:</strong> the plan your account is on and, when you pay for one,
          your subscription&rsquo;s status and renewal date. Payments are taken by Stripe: you enter
          your card on Stripe&rsquo;s own pages, so we never see or store your card number. We keep
          the identifiers Stripe gives your customer record and subscription to match payments to
          your account.
        </li>
        <li>
          <strong>AI provider keys:</strong> the keys you add so your sites can call an AI provider,
          stored encrypted, and a count of those calls per site and day.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To build, host and serve your sites, and to show you how many views they have.</li>
        <li>To sign you in, keep your account secure and prevent abuse.</li>
        <li>To answer your support requests.</li>
        <li>To understand, in aggregate, how the product is used so we can improve it.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Information sharing',
    body: (
      <>
        <p>We do not sell or rent your personal information. We share it only:</p>
        <ul>
          <li>
            with service providers that help us run the product, such as hosting, under contracts
            that limit their use of it;
          </li>
          <li>with Stripe, to take your payments when you choose a paid plan;</li>
          <li>
            with the AI provider whose key you added, when a visitor of your site uses its AI
            features: what they ask is sent to that provider to be answered;
          </li>
          <li>when the law requires it, or to protect our users and the service from harm.</li>
        </ul>
        <p>Sites you deploy are public by design: anyone with the address can visit them.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data security',
    body: (
      <p>
        All traffic is encrypted with HTTPS. Passwords are stored as strong one-way hashes. Sites
        are served from a separate domain so they can never read your account session. Access to
        production systems is limited to the staff who need it. No system is perfectly secure, and
        we will notify you promptly if a breach affects your data.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>give you a copy of the personal information we hold about you;</li>
          <li>correct information that is wrong;</li>
          <li>delete your account, your sites and their data;</li>
          <li>stop using your information for anything other than providing the service.</li>
        </ul>
        <p>
          You can delete sites yourself at any time from your dashboard. Deleted sites stop serving
          immediately and their files are removed from our storage.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use one essential cookie to keep you signed in, and local storage in your browser for
        your sign-in token and your dark mode preference. We do not use advertising or cross-site
        tracking cookies. Sites you deploy may set their own cookies on their own domain.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        For any privacy question or request, write to{' '}
        <a
          href={`mailto:${PRIVACY_EMAIL}`}
          className="font-medium text-brand-600 dark:text-brand-400"
        >
          {PRIVACY_EMAIL}
        </a>
        . We respond within {LEGAL_RESPONSE_DAYS} days.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={todayLong()}
      intro={
        <p>
          This policy explains what information {PRODUCT_NAME} collects when you use our website and
          hosting service, how we use it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
