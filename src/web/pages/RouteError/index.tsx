import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** What a screen that crashed shows instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      {detail && <p className="text-sm text-slate-500">{detail}</p>}
      <Link to="/" className="text-sm font-medium text-brand-600 hover:underline">
        Back to the home page
      </Link>
    </div>
  );
}
