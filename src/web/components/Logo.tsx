import { Link } from 'react-router';

export const PRODUCT_NAME = 'Artifact Host';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      <span className="text-base">{PRODUCT_NAME}</span>
    </Link>
  );
}
