import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';

// Defined once in shared/, where the white-label tests read it too.
export { PRODUCT_NAME };

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      <span className="text-base">{PRODUCT_NAME}</span>
    </Link>
  );
}
