import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { useSystemSources } from '../api/get-system-sources';
import { useSetSystemSourceMutation } from '../api/set-system-source';
import { TrackerViewState } from '../shared/tracker-view-state';

/** The trackers Cairn can keep from the user's own data, each switched on or off. */
export function SystemTrackersDialog({ onClose }: { onClose: () => void }) {
  const sources = useSystemSources();
  const setSource = useSetSystemSourceMutation();

  let content: React.ReactNode;
  if (sources.isPending) content = <TrackerViewState kind="loading" title="Loading the system trackers" />;
  else if (sources.isError)
    content = (
      <TrackerViewState
        kind="error"
        title="The system trackers could not be loaded"
        onRetry={() => void sources.refetch()}
      />
    );
  else if (sources.data.length === 0)
    content = <p className="text-sm text-muted-foreground">No system trackers are on offer yet.</p>;
  else
    content = (
      <ul className="divide-y rounded-lg border">
        {sources.data.map((option) => {
          const labelId = `system-${option.source}-${option.sourceKey ?? 'user'}`;
          return (
            <li
              key={`${option.source}:${option.sourceKey ?? ''}`}
              className="flex items-start justify-between gap-4 p-3"
            >
              <div className="grid gap-0.5">
                <span id={labelId} className="text-sm font-medium">
                  {option.name}
                </span>
                <span className="text-xs text-muted-foreground">{option.description}</span>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={option.isEnabled}
                aria-labelledby={labelId}
                onClick={() =>
                  setSource.mutate({
                    source: option.source,
                    sourceKey: option.sourceKey,
                    isEnabled: !option.isEnabled,
                  })
                }
                className={cn(
                  'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                  option.isEnabled ? 'bg-primary' : 'bg-input',
                )}
              >
                <span
                  className={cn(
                    'pointer-events-none block size-5 rounded-full bg-background shadow transition-transform',
                    option.isEnabled ? 'translate-x-5' : 'translate-x-0',
                  )}
                />
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="System trackers"
      description="Trackers kept from your own tasks, hours and money. They follow the data as it changes and cannot be typed into."
      className="sm:max-w-lg"
    >
      {content}
    </Dialog>
  );
}
