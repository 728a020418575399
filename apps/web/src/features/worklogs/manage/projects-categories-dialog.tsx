import type { WorklogCategory, WorklogProject } from '@cairn/contracts/worklogs';
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useCreateWorklogCategoryMutation } from '../api/create-worklog-category';
import { useCreateWorklogProjectMutation } from '../api/create-worklog-project';
import { useDeleteWorklogCategoryMutation } from '../api/delete-worklog-category';
import { useDeleteWorklogProjectMutation } from '../api/delete-worklog-project';
import { useUpdateWorklogCategoryMutation } from '../api/update-worklog-category';
import { useUpdateWorklogProjectMutation } from '../api/update-worklog-project';
import { useWorklogLookups } from '../shared/use-worklog-lookups';
import { WorklogViewState } from '../shared/worklog-view-state';
import { formatDay } from '../utils/calendar-days';
import {
  findClientProblem,
  findNameProblem,
  formatMultiplier,
  MULTIPLIER_PROBLEM,
  readBreaksMultiplier,
} from '../utils/manage-fields';

interface ProjectsCategoriesDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Creates, renames and ends projects (with their client), and creates and edits categories. */
export function ProjectsCategoriesDialog({ isOpen, onOpenChange }: ProjectsCategoriesDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Projects and categories"
      description="Time is logged against a project; a category says what kind of work it was and how much to add for breaks."
      className="sm:max-w-2xl"
      // Escape in a row being edited cancels that edit, not the whole dialog.
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest('[data-escape-cancels]'))
          event.preventDefault();
      }}
    >
      {isOpen && <ManageContent />}
    </Dialog>
  );
}

function ManageContent() {
  const { lookups, isPending, isError, refetch } = useWorklogLookups();
  if (isPending) return <WorklogViewState kind="loading" title="Loading" />;
  if (isError || !lookups)
    return <WorklogViewState kind="error" title="Could not load your projects" onRetry={refetch} />;
  return (
    <div className="grid gap-6">
      <ProjectsSection projects={lookups.projects} />
      <CategoriesSection categories={lookups.categories} />
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  error,
  placeholder,
  className,
  inputMode,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
  className?: string;
  inputMode?: 'decimal';
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className={className ?? 'grid min-w-0 flex-1 gap-1.5'}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="off"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ProjectForm({
  initial,
  submitLabel,
  label,
  onSave,
  onCancel,
  isPending,
}: {
  initial: { name: string; client: string };
  submitLabel: string;
  label: string;
  onSave: (values: { name: string; client: string | null }) => Promise<unknown>;
  onCancel?: () => void;
  isPending: boolean;
}) {
  const [name, setName] = useState(initial.name);
  const [client, setClient] = useState(initial.client);
  const [errors, setErrors] = useState<{ name?: string | null; client?: string | null }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { name: findNameProblem(name), client: findClientProblem(client) };
    setErrors(found);
    if (found.name || found.client) return;
    await onSave({ name: name.trim(), client: client.trim() || null });
    if (!onCancel) {
      setName('');
      setClient('');
    }
  }

  return (
    <form
      aria-label={label}
      noValidate
      data-escape-cancels={onCancel ? '' : undefined}
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <TextField
        label="Project name"
        value={name}
        onChange={setName}
        error={errors.name}
        autoFocus={Boolean(onCancel)}
      />
      <TextField label="Client (optional)" value={client} onChange={setClient} error={errors.client} />
      <div className="flex gap-2 self-end pb-px">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isPending}>
          {!onCancel && <PlusIcon aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function ProjectsSection({ projects }: { projects: readonly WorklogProject[] }) {
  const create = useCreateWorklogProjectMutation();
  const update = useUpdateWorklogProjectMutation();
  const remove = useDeleteWorklogProjectMutation();
  const [editingId, setEditingId] = useState<string>();
  const [deleting, setDeleting] = useState<WorklogProject>();
  const live = projects.filter((project) => project.endedAt === null);
  const ended = projects.filter((project) => project.endedAt !== null);

  const row = (project: WorklogProject) =>
    editingId === project.id ? (
      <li key={project.id} className="px-3 py-2">
        <ProjectForm
          initial={{ name: project.name, client: project.client ?? '' }}
          label={`Edit project “${project.name}”`}
          submitLabel="Save"
          isPending={update.isPending}
          onCancel={() => setEditingId(undefined)}
          onSave={(values) =>
            update.mutateAsync({ projectId: project.id, body: values }).then(() => setEditingId(undefined))
          }
        />
      </li>
    ) : (
      <li key={project.id} className="flex items-center gap-2 px-3 py-2" data-testid="worklog-project">
        <div className="grid min-w-0 flex-1">
          <span className={project.endedAt ? 'truncate text-muted-foreground' : 'truncate font-medium'}>
            {project.name}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {[
              project.client,
              project.endedAt && `Ended ${formatDay(project.endedAt.toISOString().slice(0, 10))}`,
            ]
              .filter(Boolean)
              .join(' · ') || 'No client'}
          </span>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Edit “${project.name}”`}
          onClick={() => setEditingId(project.id)}
        >
          <PencilIcon aria-hidden />
        </Button>
        {project.endedAt ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => update.mutate({ projectId: project.id, body: { endedAt: null } })}
            aria-label={`Reopen “${project.name}”`}
          >
            <ArchiveRestoreIcon aria-hidden />
            Reopen
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              update.mutate({ projectId: project.id, body: { endedAt: new Date().toISOString() } })
            }
            aria-label={`End “${project.name}”`}
          >
            <ArchiveIcon aria-hidden />
            End
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Delete “${project.name}”`}
          onClick={() => setDeleting(project)}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </li>
    );

  return (
    <Section title="Projects">
      <ProjectForm
        initial={{ name: '', client: '' }}
        label="New project"
        submitLabel="Add project"
        isPending={create.isPending}
        onSave={(values) => create.mutateAsync(values)}
      />
      {projects.length === 0 ? (
        <p className="text-sm text-muted-foreground">No projects yet.</p>
      ) : (
        <>
          {live.length > 0 && (
            <ul aria-label="Projects" className="divide-y rounded-lg border">
              {live.map(row)}
            </ul>
          )}
          {ended.length > 0 && (
            <>
              <p className="text-xs text-muted-foreground">
                Ended projects are left out of the pickers; their entries stay in the list, reports and
                exports.
              </p>
              <ul aria-label="Ended projects" className="divide-y rounded-lg border border-dashed">
                {ended.map(row)}
              </ul>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this project?"
        description={`“${deleting?.name ?? ''}” will be deleted. A project with entries cannot be: end it instead, and its entries stay in reports and exports.`}
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Section>
  );
}

function CategoryForm({
  initial,
  submitLabel,
  label,
  onSave,
  onCancel,
  isPending,
}: {
  initial: { name: string; breaksMultiplier: string };
  submitLabel: string;
  label: string;
  onSave: (values: { name: string; breaksMultiplier: string }) => Promise<unknown>;
  onCancel?: () => void;
  isPending: boolean;
}) {
  const [name, setName] = useState(initial.name);
  const [multiplier, setMultiplier] = useState(initial.breaksMultiplier);
  const [errors, setErrors] = useState<{ name?: string | null; multiplier?: string | null }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const breaksMultiplier = readBreaksMultiplier(multiplier || '1');
    const found = { name: findNameProblem(name), multiplier: breaksMultiplier ? null : MULTIPLIER_PROBLEM };
    setErrors(found);
    if (found.name || !breaksMultiplier) return;
    await onSave({ name: name.trim(), breaksMultiplier });
    if (!onCancel) {
      setName('');
      setMultiplier('1');
    }
  }

  return (
    <form
      aria-label={label}
      noValidate
      data-escape-cancels={onCancel ? '' : undefined}
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <TextField
        label="Category name"
        value={name}
        onChange={setName}
        error={errors.name}
        autoFocus={Boolean(onCancel)}
      />
      <TextField
        label="Breaks multiplier"
        value={multiplier}
        onChange={setMultiplier}
        error={errors.multiplier}
        placeholder="1"
        inputMode="decimal"
        className="grid w-36 gap-1.5"
      />
      <div className="flex gap-2 self-end pb-px">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isPending}>
          {!onCancel && <PlusIcon aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CategoriesSection({ categories }: { categories: readonly WorklogCategory[] }) {
  const create = useCreateWorklogCategoryMutation();
  const update = useUpdateWorklogCategoryMutation();
  const remove = useDeleteWorklogCategoryMutation();
  const [editingId, setEditingId] = useState<string>();
  const [deleting, setDeleting] = useState<WorklogCategory>();
  return (
    <Section title="Categories">
      <p className="-mt-1 text-xs text-muted-foreground">
        The breaks multiplier adds time for breaks: with 1.15, an hour counts 1:09 with breaks. It applies to
        entries written after it is set.
      </p>
      <CategoryForm
        initial={{ name: '', breaksMultiplier: '1' }}
        label="New category"
        submitLabel="Add category"
        isPending={create.isPending}
        onSave={(values) => create.mutateAsync(values)}
      />
      {categories.length === 0 ? (
        <p className="text-sm text-muted-foreground">No categories yet.</p>
      ) : (
        <ul aria-label="Categories" className="divide-y rounded-lg border">
          {categories.map((category) =>
            editingId === category.id ? (
              <li key={category.id} className="px-3 py-2">
                <CategoryForm
                  initial={{
                    name: category.name,
                    breaksMultiplier: formatMultiplier(category.breaksMultiplier),
                  }}
                  label={`Edit category “${category.name}”`}
                  submitLabel="Save"
                  isPending={update.isPending}
                  onCancel={() => setEditingId(undefined)}
                  onSave={(values) =>
                    update
                      .mutateAsync({ categoryId: category.id, body: values })
                      .then(() => setEditingId(undefined))
                  }
                />
              </li>
            ) : (
              <li
                key={category.id}
                className="flex items-center gap-2 px-3 py-2"
                data-testid="worklog-category"
              >
                <span className="min-w-0 flex-1 truncate font-medium">{category.name}</span>
                <span className="text-sm text-muted-foreground tabular-nums">
                  <span className="sr-only">Breaks multiplier </span>×
                  {formatMultiplier(category.breaksMultiplier)}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Edit “${category.name}”`}
                  onClick={() => setEditingId(category.id)}
                >
                  <PencilIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Delete “${category.name}”`}
                  onClick={() => setDeleting(category)}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this category?"
        description={`“${deleting?.name ?? ''}” will be deleted. Its entries stay, without a category, and keep their breaks multiplier.`}
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Section>
  );
}
