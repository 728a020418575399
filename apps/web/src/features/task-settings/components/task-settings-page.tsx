import type { TaskManagerConfig, UpdateTaskManagerConfigBody } from '@cairn/contracts/task-manager-config';
import { Button } from '../../../components/ui/button';
import { type DefaultViewOption, TaskSettingsForm } from './task-settings-form';
import { TaskSettingsSkeleton } from './task-settings-skeleton';

interface TaskSettingsPageProps {
  /** The saved settings; undefined while they load or when loading failed. */
  config: TaskManagerConfig | undefined;
  isLoadFailed: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  defaultViewOptions: readonly DefaultViewOption[];
  onSave: (changes: UpdateTaskManagerConfigBody) => Promise<TaskManagerConfig>;
}

/** How tasks behave across Cairn: the default view, Today's limit, work hours and recurring tasks. */
export function TaskSettingsPage({
  config,
  isLoadFailed,
  isRetrying,
  onRetry,
  defaultViewOptions,
  onSave,
}: TaskSettingsPageProps) {
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Task settings</h1>
        <p className="text-muted-foreground">How your tasks, views and recurring series behave.</p>
      </header>
      {config ? (
        <TaskSettingsForm config={config} defaultViewOptions={defaultViewOptions} onSave={onSave} />
      ) : isLoadFailed ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-lg border p-10 text-center">
          <p className="font-medium">Your task settings could not be loaded</p>
          <p className="text-sm text-muted-foreground">Check your connection, then try again.</p>
          <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
            {isRetrying ? 'Trying again…' : 'Try again'}
          </Button>
        </div>
      ) : (
        <TaskSettingsSkeleton />
      )}
    </div>
  );
}
