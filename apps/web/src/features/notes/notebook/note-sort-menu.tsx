import { ArrowDownUpIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { defaultOrderOf } from './note-list-params';
import type { NoteOrder, NoteSort } from './notebook-search';

const choices: { sort: NoteSort; order: NoteOrder; label: string }[] = [
  { sort: 'updatedAt', order: 'desc', label: 'Last changed, newest first' },
  { sort: 'updatedAt', order: 'asc', label: 'Last changed, oldest first' },
  { sort: 'createdAt', order: 'desc', label: 'Created, newest first' },
  { sort: 'createdAt', order: 'asc', label: 'Created, oldest first' },
  { sort: 'title', order: 'asc', label: 'Title, A to Z' },
  { sort: 'title', order: 'desc', label: 'Title, Z to A' },
];

/** The list's order; the default (last changed, newest first) leaves the URL clean. */
export function NoteSortMenu({
  sort,
  order,
  disabled,
  onChange,
}: {
  sort: NoteSort | undefined;
  order: NoteOrder | undefined;
  disabled?: boolean;
  onChange: (sort: NoteSort | undefined, order: NoteOrder | undefined) => void;
}) {
  const currentSort = sort ?? 'updatedAt';
  const value = `${currentSort}:${order ?? defaultOrderOf(currentSort)}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Sort notes" disabled={disabled}>
          <ArrowDownUpIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(next) => {
            const choice = choices.find((entry) => `${entry.sort}:${entry.order}` === next);
            if (!choice) return;
            const isDefault = choice.sort === 'updatedAt' && choice.order === 'desc';
            onChange(isDefault ? undefined : choice.sort, isDefault ? undefined : choice.order);
          }}
        >
          {choices.map((choice) => (
            <DropdownMenuRadioItem
              key={`${choice.sort}:${choice.order}`}
              value={`${choice.sort}:${choice.order}`}
            >
              {choice.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
