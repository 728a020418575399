import type { CreateWorklogBody, WorklogProject } from '@cairn/contracts/worklogs';
import { ChevronDownIcon, ChevronUpIcon, LinkIcon, LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { showErrorToast } from '../../../lib/error-toast';
import { formatClock } from '../utils/durations';
import { readServerErrors } from '../utils/server-errors';
import { parseDuration, parseTimeOfDay } from '../utils/time-input';
import {
  formatDurationInput,
  readDraftTiming,
  readWorklogDraft,
  type WorklogDraft,
  type WorklogDraftErrors,
  type WorklogDraftField,
} from '../utils/worklog-draft';
import { categoryLabel, projectLabel, type WorklogLookups } from './use-worklog-lookups';

interface WorklogEntryFormProps {
  lookups: WorklogLookups;
  initialDraft: WorklogDraft;
  /** The form's accessible name: "Add time", "Edit entry". */
  label: string;
  submitLabel: string;
  /** Sends the entry; resolves once saved, rejects with the server's refusal. */
  onSubmit: (body: CreateWorklogBody) => Promise<unknown>;
  /** What the form holds once saved; the fields clear for the next entry unless told otherwise. */
  nextDraft?: (saved: WorklogDraft, body: CreateWorklogBody) => WorklogDraft;
  /** What is announced once saved ("Added 1:30 on Mon 16 Nov"). */
  savedMessage?: (body: CreateWorklogBody, draft: WorklogDraft) => string;
  onCancel?: () => void;
  /** The field focused when the form appears. */
  autoFocus?: 'start' | 'description';
  /** Marks the start field as the target of the page's "new" shortcut. */
  isShortcutTarget?: boolean;
  className?: string;
}

type FieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
};

function Field({ id, label, error, hint, className, children }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The projects a picker offers: the live ones, and the entry's own should it have ended since. */
function pickerProjects(lookups: WorklogLookups, projectId: string): readonly WorklogProject[] {
  const current = lookups.projectById.get(projectId);
  if (!current || current.endedAt === null) return lookups.activeProjects;
  return [...lookups.activeProjects, current];
}

function describeTiming(draft: WorklogDraft): string {
  const timing = readDraftTiming(draft);
  if (timing.kind === 'span') {
    const range = `${timing.startTime ?? '?'}–${timing.endTime ?? '?'}`;
    return `${formatClock(timing.minutes)} · ${range}${timing.crossesMidnight ? ' · ends the next day' : ''}`;
  }
  if (timing.kind === 'duration') return formatClock(timing.minutes);
  return '';
}

/**
 * An entry typed from the keyboard: date, project, category, start and end or a duration ("8:30",
 * "1h30"), description, and the task and pull request it was for. Enter saves from any field;
 * Escape cancels an edit. What the server refuses shows beside its field.
 */
export function WorklogEntryForm({
  lookups,
  initialDraft,
  label,
  submitLabel,
  onSubmit,
  nextDraft,
  savedMessage,
  onCancel,
  autoFocus,
  isShortcutTarget = false,
  className,
}: WorklogEntryFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(initialDraft);
  const [errors, setErrors] = useState<WorklogDraftErrors>({});
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const [isLinksOpen, setIsLinksOpen] = useState(
    Boolean(initialDraft.taskName || initialDraft.taskUrl || initialDraft.pullRequestUrl),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const fieldId = (field: WorklogDraftField) => `${id}-${field}`;

  function change(field: WorklogDraftField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
    setStatus('');
  }

  /** Tidies a typed time or duration once the field is left: "830" reads "08:30", "90" reads "1h30". */
  function tidy(field: 'start' | 'end' | 'duration') {
    const value = draft[field];
    if (value.trim() === '') return;
    const tidied =
      field === 'duration'
        ? (() => {
            const minutes = parseDuration(value);
            return minutes === null ? null : formatDurationInput(minutes);
          })()
        : parseTimeOfDay(value);
    if (tidied && tidied !== value) setDraft((current) => ({ ...current, [field]: tidied }));
  }

  function focusFirstError(found: WorklogDraftErrors) {
    const first = (Object.keys(found) as WorklogDraftField[]).find((field) => found[field]);
    if (first === 'taskName' || first === 'taskUrl' || first === 'pullRequestUrl') setIsLinksOpen(true);
    if (first) window.requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    const reading = readWorklogDraft(draft);
    if (reading.errors) {
      setErrors(reading.errors);
      setStatus('');
      focusFirstError(reading.errors);
      return;
    }
    setIsSaving(true);
    setFormError(undefined);
    try {
      await onSubmit(reading.body);
      setStatus(savedMessage?.(reading.body, draft) ?? 'Saved');
      setErrors({});
      if (nextDraft) {
        setDraft(nextDraft(draft, reading.body));
        window.requestAnimationFrame(() => document.getElementById(fieldId('start'))?.focus());
      }
    } catch (error) {
      const refusal = readServerErrors(error);
      if (!refusal) {
        showErrorToast(error, 'Could not save the entry');
      } else {
        setErrors(refusal.fields);
        setFormError(refusal.form);
        focusFirstError(refusal.fields);
      }
    } finally {
      setIsSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      // A select does not submit its form on Enter by itself; here every field does.
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  const projects = pickerProjects(lookups, draft.projectId);
  const timing = describeTiming(draft);
  // What the empty one of start, end and duration comes to, shown where it would be typed.
  const derived = readDraftTiming(draft);
  const derivedDuration =
    derived.kind === 'span' && draft.duration.trim() === ''
      ? formatDurationInput(derived.minutes)
      : undefined;
  const derivedEnd =
    derived.kind === 'span' && draft.end.trim() === '' ? (derived.endTime ?? undefined) : undefined;
  const derivedStart =
    derived.kind === 'span' && draft.start.trim() === '' ? (derived.startTime ?? undefined) : undefined;
  const textField = (field: WorklogDraftField) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    autoComplete: 'off',
  });

  return (
    <form
      ref={formRef}
      aria-label={label}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={onKeyDown}
      className={cn('grid gap-3', className)}
    >
      <div className="grid grid-cols-6 gap-3 lg:grid-cols-[9rem_minmax(0,1.3fr)_minmax(0,1fr)_5.5rem_5.5rem_6rem]">
        <Field
          id={fieldId('workDate')}
          label="Date"
          error={errors.workDate}
          className="col-span-3 lg:col-span-1"
        >
          {(control) => (
            <Input
              {...control}
              className="px-2 sm:px-3"
              type="date"
              required
              value={draft.workDate}
              onChange={(event) => change('workDate', event.target.value)}
            />
          )}
        </Field>
        <Field
          id={fieldId('projectId')}
          label="Project"
          error={errors.projectId}
          className="col-span-3 lg:col-span-1"
        >
          {(control) => (
            <NativeSelect
              {...control}
              className="w-full [&_select]:h-10"
              required
              value={draft.projectId}
              onChange={(event) => change('projectId', event.target.value)}
            >
              {draft.projectId === '' && <option value="">Choose…</option>}
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {projectLabel(project)}
                  {project.endedAt ? ' (ended)' : ''}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field
          id={fieldId('categoryId')}
          label="Category"
          error={errors.categoryId}
          className="col-span-6 lg:col-span-1"
        >
          {(control) => (
            <NativeSelect
              {...control}
              className="w-full [&_select]:h-10"
              value={draft.categoryId}
              onChange={(event) => change('categoryId', event.target.value)}
            >
              <option value="">No category</option>
              {lookups.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryLabel(category)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={fieldId('start')} label="Start" error={errors.start} className="col-span-2 lg:col-span-1">
          {(control) => (
            <Input
              {...control}
              {...textField('start')}
              placeholder={derivedStart ?? '9:00'}
              inputMode="text"
              autoFocus={autoFocus === 'start'}
              onBlur={() => tidy('start')}
              {...(isShortcutTarget ? { 'data-shortcut-target': 'new-task' } : {})}
            />
          )}
        </Field>
        <Field id={fieldId('end')} label="End" error={errors.end} className="col-span-2 lg:col-span-1">
          {(control) => (
            <Input
              {...control}
              {...textField('end')}
              placeholder={derivedEnd ?? '10:30'}
              onBlur={() => tidy('end')}
            />
          )}
        </Field>
        <Field
          id={fieldId('duration')}
          label="Duration"
          error={errors.duration}
          className="col-span-2 lg:col-span-1"
        >
          {(control) => (
            <Input
              {...control}
              {...textField('duration')}
              placeholder={derivedDuration ?? '1h30'}
              onBlur={() => tidy('duration')}
            />
          )}
        </Field>
      </div>
      <div className="-mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        {timing && (
          <p className="text-muted-foreground">
            <span className="sr-only">Comes to </span>
            <span className="font-medium text-foreground tabular-nums">{timing}</span>
          </p>
        )}
        {formError && (
          <p role="alert" className="text-destructive">
            {formError}
          </p>
        )}
        <p role="status" className="text-muted-foreground">
          {status}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id={fieldId('description')}
          label="Description"
          error={errors.description}
          className="min-w-48 flex-1"
        >
          {(control) => (
            <Input
              {...control}
              {...textField('description')}
              placeholder="What did you work on?"
              autoFocus={autoFocus === 'description'}
            />
          )}
        </Field>
        <Button
          variant="ghost"
          className="text-muted-foreground"
          aria-expanded={isLinksOpen}
          aria-controls={`${id}-links`}
          onClick={() => setIsLinksOpen((open) => !open)}
        >
          <LinkIcon aria-hidden />
          Task and links
          {isLinksOpen ? <ChevronUpIcon aria-hidden /> : <ChevronDownIcon aria-hidden />}
        </Button>
        <div className="flex gap-2">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={isSaving}>
            {isSaving ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              submitLabel === 'Add' && <PlusIcon aria-hidden />
            )}
            {submitLabel}
          </Button>
        </div>
      </div>
      <div id={`${id}-links`} hidden={!isLinksOpen} className="grid gap-3 sm:grid-cols-3">
        <Field id={fieldId('taskName')} label="Task" error={errors.taskName}>
          {(control) => <Input {...control} {...textField('taskName')} placeholder="CAIRN-17" />}
        </Field>
        <Field id={fieldId('taskUrl')} label="Task URL" error={errors.taskUrl}>
          {(control) => <Input {...control} {...textField('taskUrl')} type="url" placeholder="https://" />}
        </Field>
        <Field id={fieldId('pullRequestUrl')} label="Pull request URL" error={errors.pullRequestUrl}>
          {(control) => (
            <Input {...control} {...textField('pullRequestUrl')} type="url" placeholder="https://" />
          )}
        </Field>
      </div>
    </form>
  );
}
