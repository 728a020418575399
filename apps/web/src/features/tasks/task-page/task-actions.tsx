import type { Task } from '@cairn/contracts/tasks';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  CopyIcon,
  GiftIcon,
  MoreHorizontalIcon,
  NetworkIcon,
  Trash2Icon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../lib/toasts';
import { useDuplicateTaskMutation } from '../api/task-detail/duplicate-task';
import { useArchiveTaskMutation } from '../api/tasks/archive-task';
import { useRestoreTaskMutation } from '../api/tasks/restore-task';
import { useTrashTaskMutation } from '../api/tasks/trash-task';
import { useUnarchiveTaskMutation } from '../api/tasks/unarchive-task';
import { useClaimReward } from '../rewards/use-claim-reward';
import { TodayMenuItem } from '../today/today-menu-item';

/**
 * The reward to claim once the task is done, the tree link, and the menu of what can be done with a
 * task that is not in the trash.
 */
export function TaskActions({ task }: { task: Task }) {
  const navigate = useNavigate();
  const claimReward = useClaimReward();
  const duplicate = useDuplicateTaskMutation();
  const archive = useArchiveTaskMutation();
  const unarchive = useUnarchiveTaskMutation();
  const trash = useTrashTaskMutation();
  const restore = useRestoreTaskMutation();
  const isArchived = task.archivedAt !== null;
  const claimableReward = task.completedAt && !task.rewardedAt ? task.reward : null;

  return (
    <div className="flex shrink-0 items-center gap-1">
      {claimableReward && (
        <Button
          size="sm"
          aria-label="Claim reward"
          onClick={() => claimReward({ ...task, reward: claimableReward })}
        >
          <GiftIcon aria-hidden />
          Claim<span className="hidden sm:inline"> reward</span>
        </Button>
      )}
      <Button asChild variant="outline" size="sm">
        <Link to="/tasks/$taskId/tree" params={{ taskId: task.id }}>
          <NetworkIcon aria-hidden />
          <span className="hidden sm:inline">Tree</span>
          <span className="sr-only sm:hidden">Tree view</span>
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Task actions">
            <MoreHorizontalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-[min(20rem,calc(100vw-1rem))]">
          <TodayMenuItem task={task} />
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() =>
              duplicate.mutate(task.id, {
                onSuccess: (copy) =>
                  toast.success('Task duplicated', {
                    action: {
                      label: 'Open the copy',
                      onClick: () => void navigate({ to: '/tasks/$taskId', params: { taskId: copy.id } }),
                    },
                  }),
              })
            }
          >
            <CopyIcon aria-hidden />
            Duplicate
          </DropdownMenuItem>
          {isArchived ? (
            <DropdownMenuItem onSelect={() => unarchive.mutate(task.id)}>
              <ArchiveRestoreIcon aria-hidden />
              Unarchive
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              onSelect={() => archive.mutate(task.id, { onSuccess: () => toast.success('Task archived') })}
            >
              <ArchiveIcon aria-hidden />
              Archive
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            className="text-destructive focus:text-destructive"
            onSelect={() =>
              trash.mutate(task.id, {
                onSuccess: () =>
                  toast.success('Moved to the trash', {
                    action: { label: 'Undo', onClick: () => restore.mutate(task.id) },
                  }),
              })
            }
          >
            <Trash2Icon aria-hidden />
            Move to trash
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
