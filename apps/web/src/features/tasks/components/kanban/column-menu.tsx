import type { Column } from '@cairn/contracts/columns';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  CircleCheckBigIcon,
  EllipsisIcon,
  PencilIcon,
  StarIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu';
import { RenameDialog } from '../../../../components/ui/rename-dialog';
import { useDeleteColumnMutation } from '../../api/columns/delete-column';
import { useReorderColumnsMutation } from '../../api/columns/reorder-columns';
import { useUpdateColumnMutation } from '../../api/columns/update-column';

/** Rename, reorder, make default or completion column, delete (its cards go to the default column). */
export function ColumnMenu({ column, columns }: { column: Column; columns: readonly Column[] }) {
  const update = useUpdateColumnMutation();
  const reorder = useReorderColumnsMutation();
  const remove = useDeleteColumnMutation();
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const index = columns.findIndex((entry) => entry.id === column.id);
  const defaultColumn = columns.find((entry) => entry.isDefault);

  function move(offset: -1 | 1) {
    const ids = columns.map((entry) => entry.id);
    const target = index + offset;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    reorder.mutate(ids);
  }

  return (
    <>
      {isRenaming && (
        <RenameDialog
          what="column"
          currentName={column.name}
          maxLength={100}
          onClose={() => setIsRenaming(false)}
          onSave={(name) => {
            setIsRenaming(false);
            if (name !== column.name) update.mutate({ columnId: column.id, body: { name } });
          }}
        />
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Column “${column.name}” options`}
          >
            <EllipsisIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setIsRenaming(true)}>
            <PencilIcon aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index <= 0} onSelect={() => move(-1)}>
            <ArrowLeftIcon aria-hidden />
            Move left
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index >= columns.length - 1} onSelect={() => move(1)}>
            <ArrowRightIcon aria-hidden />
            Move right
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={column.isDefault}
            onSelect={() => update.mutate({ columnId: column.id, body: { isDefault: true } })}
          >
            <StarIcon aria-hidden />
            {column.isDefault ? 'New cards land here' : 'Make default column'}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() =>
              update.mutate({ columnId: column.id, body: { isCompletion: !column.isCompletion } })
            }
          >
            <CircleCheckBigIcon aria-hidden />
            {column.isCompletion ? 'Stop completing cards here' : 'Make completion column'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={column.isDefault}
            onSelect={() => setIsConfirmingDelete(true)}
            className="text-destructive focus:text-destructive"
          >
            <Trash2Icon aria-hidden />
            {column.isDefault ? 'The default column stays' : 'Delete column…'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={`Delete “${column.name}”?`}
        description={`Its cards move to “${defaultColumn?.name ?? 'the default column'}”. No task is deleted.`}
        confirmLabel="Delete column"
        onConfirm={() => remove.mutate(column.id)}
      />
    </>
  );
}
