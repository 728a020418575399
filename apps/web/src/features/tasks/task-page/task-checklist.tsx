import type { ChecklistItem, TaskDetail } from '@cairn/contracts/tasks';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { CheckIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { InlineTextEditor } from '../../../components/ui/inline-text-editor';
import { Input } from '../../../components/ui/input';
import { SortableList } from '../../../components/ui/sortable-list';
import { cn } from '../../../lib/cn';
import { getChecklistItemKey } from '../api/checklist-items/checklist-cache';
import { useCreateChecklistItemMutation } from '../api/checklist-items/create-checklist-item';
import { useDeleteChecklistItemMutation } from '../api/checklist-items/delete-checklist-item';
import { useReorderChecklistItemsMutation } from '../api/checklist-items/reorder-checklist-items';
import { useUpdateChecklistItemMutation } from '../api/checklist-items/update-checklist-item';

interface TaskChecklistProps {
  task: Pick<TaskDetail, 'id' | 'checklistItems' | 'checklistProgress'>;
  isReadOnly: boolean;
}

export function TaskChecklist({ task, isReadOnly }: TaskChecklistProps) {
  const create = useCreateChecklistItemMutation();
  const reorder = useReorderChecklistItemsMutation();
  const [draft, setDraft] = useState('');
  const { completed, total } = task.checklistProgress;

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = draft.trim();
    if (!title) return;
    setDraft('');
    create.mutate({ taskId: task.id, title }, { onError: () => setDraft(title) });
  }

  return (
    <section aria-labelledby="checklist-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="checklist-title" className="text-base font-semibold">
          Checklist
        </h2>
        {total > 0 && <ChecklistProgress completed={completed} total={total} />}
      </div>
      {task.checklistItems.length === 0 ? (
        <p className="text-sm text-muted-foreground">No checklist items yet. Break the task into steps.</p>
      ) : (
        <SortableList
          items={task.checklistItems}
          label="Checklist"
          getTitle={(item) => item.title}
          getKey={(item) => getChecklistItemKey(item.id)}
          isDisabled={isReadOnly}
          onReorder={({ ids }) => reorder.mutate({ taskId: task.id, ids })}
          renderItem={(item, handle) => (
            <ChecklistRow taskId={task.id} item={item} handle={handle} isReadOnly={isReadOnly} />
          )}
        />
      )}
      {!isReadOnly && (
        <form onSubmit={onAdd} className="flex gap-2">
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add an item and press Enter"
            aria-label="New checklist item"
            maxLength={500}
          />
          <Button type="submit" variant="outline" disabled={!draft.trim()}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}

function ChecklistProgress({ completed, total }: { completed: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      <div
        role="progressbar"
        aria-label="Checklist progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-valuetext={`${completed} of ${total} done`}
        className="h-1.5 w-20 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span data-testid="checklist-progress">
        {completed}/{total}
      </span>
    </div>
  );
}

function ChecklistRow({
  taskId,
  item,
  handle,
  isReadOnly,
}: {
  taskId: string;
  item: ChecklistItem;
  handle: ReactNode;
  isReadOnly: boolean;
}) {
  const update = useUpdateChecklistItemMutation();
  const remove = useDeleteChecklistItemMutation();
  const [isEditing, setIsEditing] = useState(false);
  // The menu hands focus back to its button when it closes; when renaming, the field keeps it instead.
  const isRenameChosenRef = useRef(false);
  const isDone = item.completedAt !== null;

  return (
    <div className="flex min-h-10 items-center gap-2 py-0.5 pr-1">
      {handle}
      <CheckboxPrimitive.Root
        checked={isDone}
        disabled={isReadOnly}
        onCheckedChange={(checked) =>
          update.mutate({ taskId, itemId: item.id, body: { isCompleted: checked === true } })
        }
        aria-label={`Done: ${item.title}`}
        className="flex size-5 shrink-0 items-center justify-center rounded border-2 border-muted-foreground/60 outline-none transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
      >
        <CheckboxPrimitive.Indicator>
          <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      {isEditing ? (
        <InlineTextEditor
          label={`Rename “${item.title}”`}
          value={item.title}
          maxLength={500}
          className="h-8"
          onSave={(title) => {
            setIsEditing(false);
            if (title !== item.title) update.mutate({ taskId, itemId: item.id, body: { title } });
          }}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <span
          className={cn('min-w-0 flex-1 break-words text-sm', isDone && 'text-muted-foreground line-through')}
        >
          {item.title}
          {item.isOptional && (
            <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground no-underline">
              optional
            </span>
          )}
        </span>
      )}
      {!isReadOnly && !isEditing && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for “${item.title}”`}>
              <MoreHorizontalIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            onCloseAutoFocus={(event) => {
              if (isRenameChosenRef.current) event.preventDefault();
              isRenameChosenRef.current = false;
            }}
          >
            <DropdownMenuItem
              onSelect={() => {
                isRenameChosenRef.current = true;
                setIsEditing(true);
              }}
            >
              <PencilIcon aria-hidden />
              Rename
            </DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() =>
                update.mutate({ taskId, itemId: item.id, body: { isOptional: !item.isOptional } })
              }
            >
              <CheckIcon aria-hidden className={cn(!item.isOptional && 'opacity-0')} />
              Optional
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive focus:text-destructive"
              onSelect={() => remove.mutate({ taskId, itemId: item.id })}
            >
              <Trash2Icon aria-hidden />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
