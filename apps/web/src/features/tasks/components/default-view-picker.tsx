import { type DefaultView, defaultViews } from '@cairn/contracts/task-manager-config';
import { useQuery } from '@tanstack/react-query';
import { Columns3Icon, Grid3x3Icon, HouseIcon, ListIcon, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toasts';
import { taskManagerConfigQueryOptions } from '../api/get-task-manager-config';
import { useUpdateTaskManagerConfigMutation } from '../api/update-task-manager-config';
import { defaultViewLabels } from '../utils/default-view-paths';

const icons: Record<DefaultView, LucideIcon> = {
  kanban: Columns3Icon,
  'classic-list': ListIcon,
  'importance-grid': Grid3x3Icon,
};

type Choice = DefaultView | 'none';

const choices: { value: Choice; label: string; description: string; icon: LucideIcon }[] = [
  ...defaultViews.map((view) => ({ value: view, ...defaultViewLabels[view], icon: icons[view] })),
  {
    value: 'none',
    label: 'This home page',
    description: 'Start here and pick a view each time.',
    icon: HouseIcon,
  },
];

/** Lets the user choose where opening Cairn takes them (their default view). */
export function DefaultViewPicker() {
  const config = useQuery(taskManagerConfigQueryOptions());
  const update = useUpdateTaskManagerConfigMutation();
  const current: Choice = config.data?.defaultView ?? 'none';

  if (config.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">Your default view could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  function choose(choice: Choice) {
    const defaultView = choice === 'none' ? null : choice;
    update.mutate(
      { defaultView },
      {
        onSuccess: () =>
          toast.success(
            defaultView
              ? `Saved. Cairn will open on ${defaultViewLabels[defaultView].label}.`
              : 'Saved. Cairn will open on this home page.',
          ),
      },
    );
  }

  return (
    <fieldset
      disabled={config.isPending}
      className="grid gap-3"
      aria-busy={config.isPending || update.isPending}
    >
      <legend className="mb-3 text-sm text-muted-foreground">Where should Cairn open?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => {
          const Icon = choice.icon;
          const isChecked = !config.isPending && current === choice.value;
          return (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                isChecked && 'border-primary bg-accent/40',
              )}
            >
              <input
                type="radio"
                name="default-view"
                value={choice.value}
                checked={isChecked}
                onChange={() => choose(choice.value)}
                className="sr-only"
              />
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <span className="grid gap-1">
                <span className="font-medium">{choice.label}</span>
                <span className="text-sm text-muted-foreground">{choice.description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
