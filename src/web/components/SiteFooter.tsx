import { Link } from 'react-router';
import { PRODUCT_NAME } from './Logo';

/** Where the social link points: the product's public updates page. */
export const SOCIAL_URL = 'https://x.com/artifacthost';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/upload', label: 'Deploy' },
      { to: '/settings', label: 'Pricing' },
      { to: '/examples', label: 'Examples' },
      { to: '/comparison', label: 'Comparison' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/contact', label: 'Contact' },
      { to: '/status', label: 'Status' },
      { to: '/report', label: 'Report abuse' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 md:grid-cols-4">
        <div>
          <p className="font-semibold">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-slate-500">Transform AI artifacts into live websites.</p>
          <a
            href={SOCIAL_URL}
            target="_blank"
            rel="noreferrer"
            className="mt-3 inline-block text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            Follow us on X
          </a>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <p className="text-sm font-semibold">{col.title}</p>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link
                    to={l.to}
                    className="text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
