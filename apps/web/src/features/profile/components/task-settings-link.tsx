import { Link } from '@tanstack/react-router';
import { ChevronRightIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** The way from the profile to the task settings, which have a page of their own. */
export function TaskSettingsLink() {
  return (
    <Card>
      <Link
        to="/settings/tasks"
        aria-labelledby="task-settings-link-title"
        aria-describedby="task-settings-link-description"
        className="flex items-center gap-4 rounded-xl p-5 outline-none transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
      >
        <SlidersHorizontalIcon className="size-5 shrink-0 text-primary" aria-hidden />
        <span className="grid flex-1 gap-1.5">
          <span id="task-settings-link-title" className="text-lg font-semibold leading-tight">
            Task settings
          </span>
          <span id="task-settings-link-description" className="text-sm text-muted-foreground">
            Daily limit, work hours, batch editing and how recurring tasks behave.
          </span>
        </span>
        <ChevronRightIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      </Link>
    </Card>
  );
}
