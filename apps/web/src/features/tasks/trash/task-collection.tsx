import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';

interface TaskCollectionProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  empty: { icon: ReactNode; title: string; description: string };
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  children: ReactNode;
}

/** The loading, failed, empty and "load more" states every task collection screen shares. */
export function TaskCollection({
  isPending,
  isError,
  isEmpty,
  empty,
  onRetry,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  children,
}: TaskCollectionProps) {
  if (isPending) return <LoadingScreen isFullScreen={false} />;
  if (isError && isEmpty) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 rounded-lg border p-10 text-center">
        <p className="font-medium">These tasks could not be loaded</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-10 text-center [&_svg]:size-10 [&_svg]:text-muted-foreground">
        {empty.icon}
        <p className="font-medium">{empty.title}</p>
        <p className="max-w-prose text-sm text-muted-foreground">{empty.description}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="divide-y rounded-lg border bg-card">{children}</ul>
      {hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={isFetchingNextPage}
          onClick={onLoadMore}
        >
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

interface TaskCollectionRowProps {
  title: ReactNode;
  meta?: ReactNode;
  actions: ReactNode;
}

export function TaskCollectionRow({ title, meta, actions }: TaskCollectionRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <div className="min-w-0 break-words text-sm font-medium">{title}</div>
        {meta && <div className="text-xs text-muted-foreground">{meta}</div>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </li>
  );
}
