import { useQuery } from '@tanstack/react-query';
import type { SupportAttachment } from '../../../shared/support';
import { supportApi } from '../../api/support';

/** A screenshot in a conversation, fetched with the session and shown inline. */
export function Screenshot({ attachment }: { attachment: SupportAttachment }) {
  const picture = useQuery({
    queryKey: ['support', 'picture', attachment.id],
    queryFn: () => supportApi.picture(attachment.url),
    staleTime: Infinity,
    retry: false,
  });
  if (picture.isError) return <p className="text-xs italic">The screenshot could not be loaded.</p>;
  if (!picture.data) {
    return <div className="h-24 w-32 animate-pulse rounded-md bg-slate-200 dark:bg-slate-700" />;
  }
  return (
    <a href={picture.data} target="_blank" rel="noreferrer" className="block">
      <img
        src={picture.data}
        alt="Screenshot"
        className="max-h-48 max-w-full rounded-md border border-slate-200 dark:border-slate-700"
      />
    </a>
  );
}
