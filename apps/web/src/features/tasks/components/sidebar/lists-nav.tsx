import type { ListSummary } from '@cairn/contracts/lists';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EllipsisIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DeferredDropdownMenu } from '../../../../components/ui/deferred-dropdown-menu';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from '../../../../components/ui/dropdown-menu';
import { InlineAddForm } from '../../../../components/ui/inline-add-form';
import { RenameDialog } from '../../../../components/ui/rename-dialog';
import { useCreateListMutation } from '../../api/lists/create-list';
import { useDeleteListMutation } from '../../api/lists/delete-list';
import { listsQueryOptions } from '../../api/lists/get-lists';
import { useUpdateListMutation } from '../../api/lists/update-list';
import { SidebarHeading, sidebarLinkClassName } from './sidebar-parts';
import { useTaskScreen } from './use-task-screen';

const listColors = [
  { value: '#ef4444', label: 'Red' },
  { value: '#f97316', label: 'Orange' },
  { value: '#eab308', label: 'Yellow' },
  { value: '#22c55e', label: 'Green' },
  { value: '#14b8a6', label: 'Teal' },
  { value: '#0ea5e9', label: 'Blue' },
  { value: '#6366f1', label: 'Indigo' },
  { value: '#a855f7', label: 'Purple' },
] as const;
const NO_COLOR = 'none';

/** The user's lists with their open counts; a list filters the task screen in view. */
export function ListsNav({ onNavigate }: { onNavigate?: () => void }) {
  const lists = useQuery(listsQueryOptions());
  const create = useCreateListMutation();
  const screen = useTaskScreen();
  return (
    <nav aria-labelledby="lists-heading" className="grid gap-1">
      <SidebarHeading id="lists-heading">Lists</SidebarHeading>
      {lists.isError && (
        <p className="px-3 text-xs text-muted-foreground">
          Your lists could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void lists.refetch()}>
            Try again
          </button>
        </p>
      )}
      <ul className="grid gap-0.5">
        {lists.data?.map((list) => (
          <li key={list.id} className="group relative">
            <Link
              to={screen.path}
              search={(previous: Record<string, unknown>) => ({
                ...(screen.isOnTaskScreen ? previous : {}),
                listId: list.id,
              })}
              onClick={onNavigate}
              activeOptions={{ exact: true, includeSearch: true }}
              className={`${sidebarLinkClassName} pr-9`}
            >
              <span
                aria-hidden
                className="size-2.5 shrink-0 rounded-full bg-muted-foreground/40"
                style={list.color ? { backgroundColor: list.color } : undefined}
              />
              <span className="min-w-0 flex-1 truncate">{list.name}</span>
              {list.openTasksCount > 0 && (
                <span className="text-xs text-muted-foreground tabular-nums group-focus-within:opacity-0 group-hover:opacity-0">
                  {list.openTasksCount}
                  <span className="sr-only"> open</span>
                </span>
              )}
            </Link>
            <ListMenu list={list} />
          </li>
        ))}
      </ul>
      <InlineAddForm
        label="New list"
        placeholder="List name, then Enter"
        maxLength={255}
        onSubmit={(name) => create.mutate({ name })}
        className="w-full"
      />
    </nav>
  );
}

function ListMenu({ list }: { list: ListSummary }) {
  const update = useUpdateListMutation();
  const remove = useDeleteListMutation();
  const [isRenaming, setIsRenaming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <>
      <DeferredDropdownMenu
        trigger={
          <Button
            variant="ghost"
            size="icon"
            aria-label={`List “${list.name}” options`}
            className="absolute top-1/2 right-1 size-7 -translate-y-1/2 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 max-md:opacity-100"
          >
            <EllipsisIcon aria-hidden />
          </Button>
        }
      >
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => setIsRenaming(true)}>
            <PencilIcon aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Colour</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={list.color ?? NO_COLOR}
            onValueChange={(value) =>
              update.mutate({ listId: list.id, body: { color: value === NO_COLOR ? null : value } })
            }
          >
            <DropdownMenuRadioItem value={NO_COLOR}>
              <span
                aria-hidden
                className="size-3 rounded-full border border-dashed border-muted-foreground"
              />
              No colour
            </DropdownMenuRadioItem>
            {listColors.map((color) => (
              <DropdownMenuRadioItem key={color.value} value={color.value}>
                <span aria-hidden className="size-3 rounded-full" style={{ backgroundColor: color.value }} />
                {color.label}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            className="text-destructive focus:text-destructive"
            onSelect={() => setIsDeleting(true)}
          >
            <Trash2Icon aria-hidden />
            Delete list…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DeferredDropdownMenu>
      {isRenaming && (
        <RenameDialog
          what="list"
          currentName={list.name}
          maxLength={255}
          onClose={() => setIsRenaming(false)}
          onSave={(name) => {
            setIsRenaming(false);
            if (name !== list.name) update.mutate({ listId: list.id, body: { name } });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={setIsDeleting}
        title={`Delete the list “${list.name}”?`}
        description="Its tasks stay, without a list. Only the list itself is deleted."
        confirmLabel="Delete list"
        onConfirm={() => remove.mutate(list.id)}
      />
    </>
  );
}
