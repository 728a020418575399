import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Label } from '../../../components/ui/label';
import { getErrorToastMessage, showErrorToast } from '../../../lib/error-toast';
import { loadToasts } from '../../../lib/toasts';
import { isStillInUse } from '../api/money-request-error';
import type { MoneyTreeOption } from './money-tree';
import { TreeSelect } from './tree-select';

export interface DeletableEntry {
  id: string;
  name: string;
  /** How many sub-entries go with it. */
  childCount: number;
}

interface DeleteEntryDialogsProps {
  /** The entry being deleted; null when no deletion is under way. */
  entry: DeletableEntry | null;
  onClose: () => void;
  /** "account" or "category", as the dialogs' texts say it. */
  noun: 'account' | 'category';
  /** Where the transactions may go: every entry but this one and its children are offered. */
  targets: readonly MoneyTreeOption[];
  /** Targets offered before the tree ("Uncategorised" for categories, with the value 'none'). */
  extraTargets?: readonly { value: string; label: string }[];
  unavailableTargets: ReadonlySet<string>;
  deleteEntry: (id: string) => Promise<unknown>;
  moveTransactions: (id: string, target: string) => Promise<unknown>;
}

/**
 * Deleting an account or category: a confirmation first. When the API refuses because it still holds
 * transactions (409), a second dialog says so in the API's words and offers to move them to another
 * entry; the entry is deleted once they are moved.
 */
export function DeleteEntryDialogs({
  entry,
  onClose,
  noun,
  targets,
  extraTargets = [],
  unavailableTargets,
  deleteEntry,
  moveTransactions,
}: DeleteEntryDialogsProps) {
  const selectId = useId();
  const [stage, setStage] = useState<'confirm' | 'move'>('confirm');
  const [refusal, setRefusal] = useState('');
  const [target, setTarget] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [isTargetMissing, setIsTargetMissing] = useState(false);

  const close = () => {
    setStage('confirm');
    setTarget('');
    setRefusal('');
    setIsTargetMissing(false);
    onClose();
  };

  const announceDeleted = (name: string) =>
    void loadToasts().then(({ toast }) => toast.success(`Deleted “${name}”`));

  async function runDelete(current: DeletableEntry) {
    setIsPending(true);
    try {
      await deleteEntry(current.id);
      announceDeleted(current.name);
      close();
    } catch (error) {
      if (isStillInUse(error) && stage === 'confirm') {
        setRefusal(getErrorToastMessage(error) ?? '');
        setStage('move');
      } else {
        showErrorToast(error, `Could not delete the ${noun}`);
        if (stage === 'confirm') close();
      }
    } finally {
      setIsPending(false);
    }
  }

  async function runMoveThenDelete(current: DeletableEntry) {
    if (!target) {
      setIsTargetMissing(true);
      return;
    }
    setIsPending(true);
    try {
      await moveTransactions(current.id, target);
    } catch {
      // The move's own toast says why.
      setIsPending(false);
      return;
    }
    try {
      await deleteEntry(current.id);
      announceDeleted(current.name);
      close();
    } catch (error) {
      showErrorToast(error, `Could not delete the ${noun}`);
    } finally {
      setIsPending(false);
    }
  }

  if (!entry) return null;
  const children = subEntries(noun, entry.childCount);
  const withChildren =
    entry.childCount > 0
      ? ` Its ${entry.childCount} ${children} ${entry.childCount === 1 ? 'goes' : 'go'} with it.`
      : '';

  if (stage === 'confirm') {
    return (
      <ConfirmDialog
        isOpen
        onOpenChange={(isOpen) => !isOpen && !isPending && close()}
        title={`Delete the ${noun} “${entry.name}”?`}
        description={`This cannot be undone.${withChildren}`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        isPending={isPending}
        isClosedOnConfirm={false}
        onConfirm={() => void runDelete(entry)}
      />
    );
  }

  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && !isPending && close()}
      title={`“${entry.name}” cannot be deleted yet`}
      description={
        <>
          {refusal && <span className="block">{refusal}</span>}
          <span className="mt-2 block">
            Choose where its transactions
            {entry.childCount > 0 ? ` and those of its ${subEntries(noun, 2)}` : ''} go; “{entry.name}” is
            deleted once they are moved.
          </span>
        </>
      }
      confirmLabel="Move and delete"
      pendingLabel="Moving…"
      isPending={isPending}
      isClosedOnConfirm={false}
      onConfirm={() => void runMoveThenDelete(entry)}
    >
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Move the transactions to</Label>
        <TreeSelect
          id={selectId}
          value={target}
          onChange={(event) => {
            setTarget(event.target.value);
            setIsTargetMissing(false);
          }}
          options={targets}
          extraOptions={extraTargets}
          emptyLabel={`Choose ${noun === 'account' ? 'an account' : 'a category'}…`}
          disabledValues={unavailableTargets}
          aria-invalid={isTargetMissing || undefined}
          aria-describedby={isTargetMissing ? `${selectId}-error` : undefined}
        />
        {isTargetMissing && (
          <p id={`${selectId}-error`} className="text-sm text-destructive">
            Choose where the transactions go.
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

function subEntries(noun: 'account' | 'category', count: number): string {
  if (noun === 'account') return count === 1 ? 'sub-account' : 'sub-accounts';
  return count === 1 ? 'sub-category' : 'sub-categories';
}
