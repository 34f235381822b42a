import { Image as ImageIcon } from 'lucide-react';

/** How a shared link of the site looks in a chat or a feed: picture, host, title, description. */
export function LinkPreview({
  url,
  title,
  description,
  imageUrl,
}: {
  url: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
}) {
  const host = hostOf(url);
  return (
    <figure
      aria-label="Link preview"
      className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className="aspect-[1.91/1] w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : (
        <div className="flex aspect-[1.91/1] w-full items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500">
          <ImageIcon className="h-8 w-8" aria-hidden />
          <span className="sr-only">No social image</span>
        </div>
      )}
      <figcaption className="space-y-0.5 border-t border-slate-200 px-3 py-2.5 dark:border-slate-700">
        <p className="truncate text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {host}
        </p>
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</p>
        {description && (
          <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        )}
      </figcaption>
    </figure>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
