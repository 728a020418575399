import type { TaskDetail } from '@cairn/contracts/tasks';
import { useNavigate } from '@tanstack/react-router';
import { RepeatIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toasts';
import { useUpdateTaskMutation } from '../api/tasks/update-task';
import { quoteTaskTitle } from '../hooks/use-task-actions';
import { formatShortOccurrence } from '../recurrence/format-occurrence';
import { RecurrenceDialog } from '../recurrence/recurrence-dialog';
import { RecurrenceEditor } from '../recurrence/recurrence-editor';
import { createRecurrenceForm } from '../recurrence/recurrence-form';
import { type OptionIssue, readServerRecurrenceIssues } from '../recurrence/recurrence-issues';
import { useSaveRecurrenceMutation } from '../recurrence/save-recurrence';
import { useSkipOccurrenceMutation } from '../recurrence/skip-occurrence';
import { getDueLabel } from '../utils/due-label';

interface RepeatFieldProps {
  task: TaskDetail;
  /** The user's zone, in which the next date reads and a new rule starts. */
  timeZone: string;
}

/**
 * How the task repeats and when it comes back, with the editor for the rule, and for an open occurrence
 * the way to skip it (the next one then opens). Stopping keeps the task as it is.
 */
export function RepeatField({ task, timeZone }: RepeatFieldProps) {
  const navigate = useNavigate();
  const update = useUpdateTaskMutation();
  const skip = useSkipOccurrenceMutation();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingStop, setIsConfirmingStop] = useState(false);
  const isRecurring = task.quickurrence !== null;
  const isOpenOccurrence = isRecurring && !task.completedAt && !task.archivedAt && !task.deletedAt;

  function skipThisOccurrence() {
    skip.mutate(task.id, {
      onSuccess: ({ nextOccurrence }) => {
        if (!nextOccurrence) {
          toast.success('Occurrence skipped', {
            description: 'That was the last one: the series has ended.',
          });
          return;
        }
        const { dueDate, dueDateHasTime } = nextOccurrence;
        // Worded as the completion toast words it.
        const next = dueDate && getDueLabel(dueDate, { now: new Date(), timeZone, hasTime: dueDateHasTime });
        toast.success(`${quoteTaskTitle(task.title)} skipped`, {
          description: next ? `Next: ${next.text}` : undefined,
        });
        void navigate({ to: '/tasks/$taskId', params: { taskId: nextOccurrence.id } });
      },
    });
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 flex items-center gap-1.5 text-sm font-medium leading-none">
        <RepeatIcon aria-hidden className="size-3.5" />
        Repeat
      </legend>
      {isRecurring ? (
        <div className="grid gap-0.5">
          <p className="text-sm">{task.recurrence?.text ?? 'Repeats'}</p>
          {task.recurrence && (
            <p className="text-xs text-muted-foreground">
              {task.recurrence.nextDate
                ? `Next: ${formatShortOccurrence(task.recurrence.nextDate, {
                    timeZone,
                    hasTime: task.dueDateHasTime,
                    now: new Date(),
                  })}`
                : 'This is the last one.'}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Does not repeat</p>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => setIsEditing(true)}
          aria-label={isRecurring ? 'Edit the repeat rule' : undefined}
        >
          {isRecurring ? 'Edit' : 'Make it repeat'}
        </Button>
        {isOpenOccurrence && (
          <Button size="sm" variant="outline" onClick={skipThisOccurrence} disabled={skip.isPending}>
            {skip.isPending ? 'Skipping…' : 'Skip this occurrence'}
          </Button>
        )}
        {isRecurring && (
          <Button
            size="sm"
            variant="link"
            className="h-auto px-0 py-1 text-muted-foreground hover:text-destructive"
            onClick={() => setIsConfirmingStop(true)}
          >
            Stop repeating
          </Button>
        )}
      </div>

      <RecurrenceDialog
        isOpen={isEditing}
        onOpenChange={setIsEditing}
        title="Repeat"
        description={`How often ${quoteTaskTitle(task.title)} comes back. Completing or skipping it brings the next one.`}
      >
        <TaskRecurrenceEditor task={task} timeZone={timeZone} onClose={() => setIsEditing(false)} />
      </RecurrenceDialog>
      <ConfirmDialog
        isOpen={isConfirmingStop}
        onOpenChange={setIsConfirmingStop}
        title="Stop repeating?"
        description={`${quoteTaskTitle(task.title)} stays as it is, but no next one will come after it.`}
        confirmLabel="Stop repeating"
        onConfirm={() =>
          update.mutate(
            { taskId: task.id, body: { quickurrence: null } },
            { onSuccess: () => toast.success(`${quoteTaskTitle(task.title)} no longer repeats`) },
          )
        }
      />
    </fieldset>
  );
}

/** The editor on the task's rule (or a new one from its due date), saved straight to the task. */
function TaskRecurrenceEditor({
  task,
  timeZone,
  onClose,
}: {
  task: TaskDetail;
  timeZone: string;
  onClose: () => void;
}) {
  const save = useSaveRecurrenceMutation();
  const [serverIssues, setServerIssues] = useState<OptionIssue[] | null>(null);
  // Fixed when the editor opens, so the preview does not drift while it is open.
  const [from] = useState(() => task.dueDate ?? new Date());
  const [initialForm] = useState(() =>
    createRecurrenceForm({ stored: task.quickurrence, startDate: from, timeZone }),
  );
  return (
    <RecurrenceEditor
      initialForm={initialForm}
      previewFrom={from}
      dueTime={task.dueDateHasTime ? task.dueDate : null}
      serverIssues={serverIssues}
      isSaving={save.isPending}
      onCancel={onClose}
      onSave={({ stored }) =>
        save.mutate(
          { taskId: task.id, quickurrence: stored },
          {
            onSuccess: onClose,
            onError: (error) => setServerIssues(readServerRecurrenceIssues(error)),
          },
        )
      }
    />
  );
}
