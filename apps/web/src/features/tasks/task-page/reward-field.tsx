import {
  REWARD_MAX_LENGTH,
  type TaskDetail,
  type UpdateTaskBody,
  updateTaskBodySchema,
} from '@cairn/contracts/tasks';
import { useEffect, useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatDueDate } from './due-date';

/** Past this many characters the field shows how many are used, before the limit is reached. */
const COUNTER_FROM = REWARD_MAX_LENGTH - 40;

/** Why a reward cannot be saved, in the contract's own words (trimmed, at most 200 characters). */
function findRewardProblem(reward: string): string | undefined {
  const result = updateTaskBodySchema.shape.reward.safeParse(reward);
  return result.success ? undefined : result.error.issues[0]?.message;
}

interface RewardFieldProps {
  task: Pick<TaskDetail, 'reward' | 'rewardedAt' | 'completedAt'>;
  timeZone: string;
  onChange: (body: UpdateTaskBody) => void;
}

/**
 * A treat promised for finishing the task: completing it makes the reward claimable (on the task page
 * and the rewards screen). Saved when the field is left or Enter is pressed; emptied, it is removed.
 */
export function RewardField({ task, timeZone, onChange }: RewardFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(task.reward ?? '');
  const [error, setError] = useState<string>();

  useEffect(() => setDraft(task.reward ?? ''), [task.reward]);

  function commit() {
    const text = draft.trim();
    const problem = findRewardProblem(text);
    setError(problem);
    const reward = text === '' ? null : text;
    if (problem === undefined && reward !== task.reward) onChange({ reward });
  }

  const length = draft.trim().length;
  const status = describeRewardStatus(task, timeZone);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Reward</Label>
      <Input
        id={id}
        value={draft}
        placeholder="A treat for when it is done"
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
          if (event.key === 'Escape' && draft !== (task.reward ?? '')) {
            event.preventDefault();
            setDraft(task.reward ?? '');
            setError(undefined);
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>{status}</span>
        {length >= COUNTER_FROM && (
          <span className={length > REWARD_MAX_LENGTH ? 'text-destructive' : undefined}>
            {length}/{REWARD_MAX_LENGTH}
          </span>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function describeRewardStatus(
  task: Pick<TaskDetail, 'reward' | 'rewardedAt' | 'completedAt'>,
  timeZone: string,
): string {
  if (task.reward === null) return 'Something to enjoy once the task is done.';
  if (task.rewardedAt) return `Claimed ${formatDueDate(task.rewardedAt, timeZone, { hasTime: false })}.`;
  if (task.completedAt) return 'Ready to claim.';
  return 'Claimable once the task is completed.';
}
