import type { Task } from '@cairn/contracts/tasks';
import { PartyPopperIcon } from 'lucide-react';
import { toast } from '../../../lib/toasts';
import { quoteTaskTitle } from '../hooks/use-task-actions';
import { useClaimRewardMutation } from './api/claim-reward';

type ClaimableTask = Pick<Task, 'id' | 'title'> & { reward: string };

/** Failures already show the mutation's own error toast. */
function ignoreFailure() {}

/**
 * Claiming a reward, celebrated with a toast. The toast hangs on the request's promise, so it still
 * shows when the claimed row has already left the screen.
 */
export function useClaimReward(): (task: ClaimableTask) => void {
  const claim = useClaimRewardMutation();
  return (task) => {
    claim.mutateAsync(task.id).then(() => {
      toast.success(`Well done! Enjoy ${quoteTaskTitle(task.reward)}`, {
        description: `Your reward for finishing ${quoteTaskTitle(task.title)}.`,
        icon: <PartyPopperIcon aria-hidden className="size-4" />,
      });
    }, ignoreFailure);
  };
}
