import { Link } from '@tanstack/react-router';
import { SearchXIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Another user's task, a purged one and a mistyped address all look the same: gone. */
export function TaskNotFound() {
  return (
    <div className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold">This task does not exist or was deleted</h1>
      <p className="max-w-prose text-muted-foreground">
        The link may be old, or the task was deleted for good. Tasks you deleted recently may still be in the
        trash.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to="/trash">Open the trash</Link>
        </Button>
        <Button asChild>
          <Link to="/">Back to your tasks</Link>
        </Button>
      </div>
    </div>
  );
}
