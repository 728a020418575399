import type {
  DefaultView,
  TaskManagerConfig,
  UpdateTaskManagerConfigBody,
} from '@cairn/contracts/task-manager-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Control, Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { showErrorToast } from '../../../lib/error-toast';
import { setServerFieldErrors } from '../../../lib/form-errors';
import {
  changedTaskSettings,
  dailyLimitRange,
  describeTaskSettingsIssue,
  followSavedSettings,
  taskSettingsFields,
  taskSettingsFormSchema,
} from '../utils/task-settings-schema';
import { SettingSwitch } from './setting-switch';

export interface DefaultViewOption {
  value: DefaultView;
  label: string;
}

interface TaskSettingsFormProps {
  config: TaskManagerConfig;
  defaultViewOptions: readonly DefaultViewOption[];
  /** Sends the changed settings; resolves with what was saved, rejects with the API's refusal. */
  onSave: (changes: UpdateTaskManagerConfigBody) => Promise<TaskManagerConfig>;
}

const resolver = zodResolver(taskSettingsFormSchema, { error: describeTaskSettingsIssue });

function TimeField({
  label,
  name,
  control,
  error,
}: {
  label: string;
  name: 'workDayStart' | 'workDayEnd';
  control: Control<TaskManagerConfig, unknown, TaskManagerConfig>;
  error: string | undefined;
}) {
  return (
    <FormField label={label} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Input
              {...fieldControl}
              ref={field.ref}
              name={field.name}
              type="time"
              // Empty means no work day; the API takes null for it.
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
            />
          )}
        />
      )}
    </FormField>
  );
}

function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  );
}

/**
 * Settings saved elsewhere (another tab, a fetch on return to the page) show up in the form at once;
 * a setting the user is editing keeps their value.
 */
function useFollowSavedSettings(
  form: UseFormReturn<TaskManagerConfig, unknown, TaskManagerConfig>,
  config: TaskManagerConfig,
) {
  const shown = useRef(config);
  useEffect(() => {
    if (config === shown.current) return;
    const values = form.getValues();
    const next = followSavedSettings({ values, shown: shown.current, saved: config });
    shown.current = config;
    if (Object.keys(changedTaskSettings(next, values)).length > 0) {
      form.reset(next, { keepErrors: true, keepIsSubmitted: true });
    }
  }, [config, form]);
}

/** Every task setting in one form; Save sends only what changed. */
export function TaskSettingsForm({ config, defaultViewOptions, onSave }: TaskSettingsFormProps) {
  const form = useForm({ resolver, defaultValues: config });
  useFollowSavedSettings(form, config);
  const { errors, isSubmitting } = form.formState;
  const [isSaved, setIsSaved] = useState(false);

  const values = form.watch();
  const hasChanges = Object.keys(changedTaskSettings(values, config)).length > 0;
  const hasWorkDay = values.workDayStart !== null || values.workDayEnd !== null;

  const onSubmit = form.handleSubmit(async (submitted) => {
    const changes = changedTaskSettings(submitted, config);
    if (Object.keys(changes).length === 0) return;
    try {
      const saved = await onSave(changes);
      form.reset(saved);
      setIsSaved(true);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error, { fields: taskSettingsFields })) {
        showErrorToast(error, 'Could not save your task settings');
        return;
      }
      const first = taskSettingsFields.find((field) => form.getFieldState(field).error);
      if (first) form.setFocus(first);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <SettingsSection
        id="task-settings-views"
        title="Views"
        description="Where Cairn opens, and how the board and the list behave."
      >
        <FormField
          label="Default view"
          error={errors.defaultView?.message}
          hint="Where opening Cairn, or selecting its logo, takes you."
          className="sm:max-w-sm"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="defaultView"
              render={({ field }) => (
                <NativeSelect
                  {...control}
                  ref={field.ref}
                  name={field.name}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
                  className="w-full"
                >
                  {defaultViewOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                  <option value="">None: show the home page</option>
                </NativeSelect>
              )}
            />
          )}
        </FormField>
        <SettingSwitch
          label="Periodical kanban"
          description="The board's done column shows only what was done today; earlier work stays a click away."
          {...form.register('isPeriodicalKanbanEnabled')}
        />
        <SettingSwitch
          label="Batch editing"
          description="Select several tasks in the classic list and move, complete or delete them all at once."
          {...form.register('isBatchEnabled')}
        />
      </SettingsSection>

      <SettingsSection
        id="task-settings-day"
        title="Your day"
        description="How much goes into Today, and when your working hours are."
      >
        <FormField
          label="Daily limit"
          error={errors.dailyLimit?.message}
          hint="Today then holds at most this many open tasks. 0 means no limit."
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('dailyLimit', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={dailyLimitRange.min}
              max={dailyLimitRange.max}
              step={1}
              className="sm:max-w-48"
            />
          )}
        </FormField>
        <fieldset className="grid gap-3" aria-describedby="task-settings-work-day-hint">
          <legend className="sr-only">Work day</legend>
          <div className="grid gap-4 sm:max-w-xl sm:grid-cols-2">
            <TimeField
              label="Work day starts"
              name="workDayStart"
              control={form.control}
              error={errors.workDayStart?.message}
            />
            <TimeField
              label="Work day ends"
              name="workDayEnd"
              control={form.control}
              error={errors.workDayEnd?.message}
            />
          </div>
          <p id="task-settings-work-day-hint" className="text-xs text-muted-foreground">
            Reminders for a due time outside these hours wait until the next start, and the day's summary
            arrives when it starts. Leave both empty to be reminded at any hour.
          </p>
          {hasWorkDay && (
            <Button
              variant="link"
              size="sm"
              className="h-auto justify-self-start px-0 py-0"
              onClick={() => {
                form.setValue('workDayStart', null, { shouldDirty: true });
                form.setValue('workDayEnd', null, { shouldDirty: true });
                form.clearErrors(['workDayStart', 'workDayEnd']);
                // This button goes away with the hours; the keyboard stays in the same place.
                form.setFocus('workDayStart');
              }}
            >
              Clear work hours
            </Button>
          )}
        </fieldset>
      </SettingsSection>

      <SettingsSection
        id="task-settings-recurring"
        title="Recurring tasks"
        description="What happens to a series when you finish a task late or move its date."
      >
        <SettingSwitch
          label="Allow past occurrences"
          description="When off, a daily task completed three days late creates the next one after today, not three overdue copies."
          {...form.register('allowPastOccurrences')}
        />
        <SettingSwitch
          label="Move the whole series when a due date changes"
          description="Changing a recurring task's due date moves the rest of the series with it. When off, only that occurrence moves."
          {...form.register('updateRecurrenceOnDueDateChange')}
        />
      </SettingsSection>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5">
        <Button type="submit" disabled={!hasChanges || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
        {hasChanges && !isSubmitting && (
          <Button variant="ghost" onClick={() => form.reset(config)}>
            Discard
          </Button>
        )}
        <p role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
          {isSaved && !hasChanges && (
            <>
              <CheckIcon className="size-4 text-primary" aria-hidden />
              Saved
            </>
          )}
          {hasChanges && !isSubmitting && 'Unsaved changes'}
        </p>
      </div>
    </form>
  );
}
