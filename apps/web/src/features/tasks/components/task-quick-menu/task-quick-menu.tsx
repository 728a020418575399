import { type Level, levels, type Task } from '@cairn/contracts/tasks';
import { Link } from '@tanstack/react-router';
import {
  ArchiveIcon,
  CalendarIcon,
  EllipsisIcon,
  ExternalLinkIcon,
  FlameIcon,
  PencilIcon,
  StarIcon,
  Trash2Icon,
} from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../../components/ui/alert-dialog';
import { Button } from '../../../../components/ui/button';
import { DeferredDropdownMenu } from '../../../../components/ui/deferred-dropdown-menu';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '../../../../components/ui/dropdown-menu';
import { Input } from '../../../../components/ui/input';
import { MaskIcon, maskImage } from '../../../../components/ui/mask-icon';
import { cn } from '../../../../lib/cn';
import { useTimeZone } from '../../../../lib/time-zone';
import { useUpdateTaskMutation } from '../../api/tasks/update-task';
import { useTaskRemovalActions } from '../../hooks/use-task-actions';
import { fromDueDateInputs, toDueDateInputs } from '../../task-page/due-date';
import { TodayMenuItem } from '../../today/today-menu-item';
import { levelLabels } from '../task-markers';
import { getQuickDueDay, getTodayInZone, quickDueChoices, quickDueLabels } from './quick-due-dates';

interface TaskQuickMenuProps {
  task: Task;
  /** Starts renaming the task where it is shown (in place, or in a dialog). */
  onRename: () => void;
  className?: string;
}

// One element: every row and card has this button.
const ellipsis = maskImage(EllipsisIcon);

const levelOf = (value: string): Level | undefined => levels.find((level) => level === value);

/**
 * The "…" menu of a row or a card: open, rename, Today, due date, urgency and importance without opening
 * the task, then archive and trash (each with an Undo toast).
 */
export function TaskQuickMenu({ task, onRename, className }: TaskQuickMenuProps) {
  const timeZone = useTimeZone();
  const [isPickingDate, setIsPickingDate] = useState(false);
  /** Set when a choice moves the focus elsewhere (the title editor, the date dialog), so closing leaves it there. */
  const isFocusMovingOn = useRef(false);

  return (
    <>
      <DeferredDropdownMenu
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-7', className)}
            aria-label={`More for “${task.title}”`}
            // The card drags from anywhere else; a press here only opens the menu.
            onPointerDown={(event) => event.stopPropagation()}
          >
            <MaskIcon image={ellipsis} className="inline-block size-4" />
          </Button>
        }
      >
        <DropdownMenuContent
          align="end"
          className="max-w-[min(20rem,calc(100vw-1rem))]"
          // Rendered inside a draggable card: presses in the menu must not start dragging it.
          onPointerDown={(event) => event.stopPropagation()}
          onCloseAutoFocus={(event) => {
            if (isFocusMovingOn.current) event.preventDefault();
            isFocusMovingOn.current = false;
          }}
        >
          <TaskQuickMenuItems
            task={task}
            onRename={() => {
              isFocusMovingOn.current = true;
              onRename();
            }}
            onPickDate={() => {
              isFocusMovingOn.current = true;
              setIsPickingDate(true);
            }}
          />
        </DropdownMenuContent>
      </DeferredDropdownMenu>
      {isPickingDate && (
        <PickDueDateDialog
          task={task}
          initialDay={
            toDueDateInputs(task.dueDate, timeZone).date || getTodayInZone({ now: new Date(), timeZone })
          }
          onClose={() => setIsPickingDate(false)}
        />
      )}
    </>
  );
}

/** A day from the menu is a whole day: its start in the user's zone, as the task page saves a date alone. */
function useSetDueDay(task: Task) {
  const update = useUpdateTaskMutation();
  const timeZone = useTimeZone();
  return (day: string) => {
    const dueDate = fromDueDateInputs({ date: day, time: '' }, timeZone);
    if (dueDate === undefined) return;
    update.mutate({ taskId: task.id, body: { dueDate, dueDateHasTime: false } });
  };
}

/**
 * The menu's items, mounted only while it is open: every card and row has a menu, and the changes
 * they make are set up when one is opened, not for each of them on every render. The changes and
 * their toasts outlive the menu, which closes as they start.
 */
function TaskQuickMenuItems({
  task,
  onRename,
  onPickDate,
}: {
  task: Task;
  onRename: () => void;
  onPickDate: () => void;
}) {
  const update = useUpdateTaskMutation();
  const setDueDay = useSetDueDay(task);
  const { archive, unarchive, moveToTrash } = useTaskRemovalActions();
  const timeZone = useTimeZone();
  const isArchived = task.archivedAt !== null;
  return (
    <>
      <DropdownMenuItem asChild>
        <Link to="/tasks/$taskId" params={{ taskId: task.id }}>
          <ExternalLinkIcon aria-hidden />
          Open
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onRename}>
        <PencilIcon aria-hidden />
        Rename
        <kbd className="ml-auto font-sans text-xs text-muted-foreground">F2</kbd>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <TodayMenuItem task={task} />
      <DropdownMenuSub>
        <DropdownMenuSubTrigger>
          <CalendarIcon aria-hidden />
          Due date
        </DropdownMenuSubTrigger>
        <DropdownMenuSubContent>
          {quickDueChoices.map((choice) => (
            <DropdownMenuItem
              key={choice}
              onSelect={() => setDueDay(getQuickDueDay(choice, { now: new Date(), timeZone }))}
            >
              {quickDueLabels[choice]}
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem onSelect={onPickDate}>Pick a date…</DropdownMenuItem>
          {task.dueDate !== null && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => update.mutate({ taskId: task.id, body: { dueDate: null } })}>
                No due date
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuSubContent>
      </DropdownMenuSub>
      <LevelSubmenu
        label="Urgency"
        icon={<FlameIcon aria-hidden />}
        value={task.urgency}
        onChange={(urgency) => update.mutate({ taskId: task.id, body: { urgency } })}
      />
      <LevelSubmenu
        label="Importance"
        icon={<StarIcon aria-hidden />}
        value={task.importance}
        onChange={(importance) => update.mutate({ taskId: task.id, body: { importance } })}
      />
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => (isArchived ? unarchive(task) : archive(task))}>
        <ArchiveIcon aria-hidden />
        {isArchived ? 'Bring back from archive' : 'Archive'}
      </DropdownMenuItem>
      <DropdownMenuItem
        className="text-destructive focus:text-destructive"
        onSelect={() => moveToTrash(task)}
      >
        <Trash2Icon aria-hidden />
        Move to trash
      </DropdownMenuItem>
    </>
  );
}

function PickDueDateDialog({
  task,
  initialDay,
  onClose,
}: {
  task: Task;
  initialDay: string;
  onClose: () => void;
}) {
  const id = useId();
  const [day, setDay] = useState(initialDay);
  const setDueDay = useSetDueDay(task);
  const onSave = (picked: string) => {
    onClose();
    setDueDay(picked);
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onPointerDown={(event) => event.stopPropagation()}
          onSubmit={(event) => {
            event.preventDefault();
            if (day) onSave(day);
          }}
        >
          <AlertDialogTitle>Due date</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">
            When is “{task.title}” due?
          </AlertDialogDescription>
          <label htmlFor={id} className="sr-only">
            Due date
          </label>
          <Input id={id} type="date" value={day} required onChange={(event) => setDay(event.target.value)} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" disabled={day === ''}>
              Save
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A submenu choosing one of the three levels, for urgency or importance. */
function LevelSubmenu({
  label,
  icon,
  value,
  onChange,
}: {
  label: string;
  icon: ReactNode;
  value: Level;
  onChange: (level: Level) => void;
}) {
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        {icon}
        {label}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(picked) => {
            const level = levelOf(picked);
            if (level) onChange(level);
          }}
        >
          {levels.map((level) => (
            <DropdownMenuRadioItem key={level} value={level}>
              {levelLabels[level]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
