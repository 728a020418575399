import type { Currency } from '@cairn/contracts/currencies';
import type { MoneyTransaction, MoneyTransactionInputType } from '@cairn/contracts/money';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCreateMoneyTransactionMutation } from '../api/create-money-transaction';
import { useUpdateMoneyTransactionMutation } from '../api/update-money-transaction';
import type { MoneyTreeOption } from '../shared/money-tree';
import {
  type DraftContext,
  type DraftErrors,
  draftFromTransaction,
  emptyDraft,
  type TransactionDraft,
  toTransactionBody,
  toUpdateBody,
} from './transaction-draft';
import { TransactionFields } from './transaction-fields';

interface TransactionDialogProps {
  /** Edit this transaction; left out for a new transfer (the transfer form). */
  transaction?: MoneyTransaction;
  context: DraftContext;
  accountOptions: readonly MoneyTreeOption[];
  categoryOptions: readonly MoneyTreeOption[];
  currencies: readonly Currency[];
  today: string;
  /** The account a new transfer leaves from (the register's account filter). */
  preferredAccountId?: string;
  onClose: () => void;
}

/**
 * Editing a transaction, or the transfer form: from, to, amount, the amount received when the
 * currencies differ, date, category and note. Editing either side of a transfer edits both.
 */
export function TransactionDialog({
  transaction,
  context,
  accountOptions,
  categoryOptions,
  currencies,
  today,
  preferredAccountId,
  onClose,
}: TransactionDialogProps) {
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    transaction
      ? draftFromTransaction(transaction)
      : emptyDraft({ date: today, type: 'transfer', accountId: preferredAccountId }, context),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useCreateMoneyTransactionMutation();
  const update = useUpdateMoneyTransactionMutation();
  const isPending = create.isPending || update.isPending;
  const isTransfer = draft.type === 'transfer';
  const types: readonly MoneyTransactionInputType[] = isTransfer ? ['transfer'] : ['expense', 'income'];

  function submit() {
    const result = toTransactionBody(draft, context);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (transaction)
      update.mutate({ id: transaction.id, body: toUpdateBody(result.body) }, { onSuccess: onClose });
    else create.mutate(result.body, { onSuccess: onClose });
  }

  const title = transaction ? (isTransfer ? 'Edit transfer' : 'Edit transaction') : 'New transfer';
  const description = isTransfer
    ? 'Money moves out of one of your accounts and into another; both sides change together.'
    : 'Changes show in the balances and reports at once.';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      description={description}
      className="sm:max-w-lg"
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TransactionFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          context={context}
          accountOptions={accountOptions}
          categoryOptions={categoryOptions}
          currencies={currencies}
          types={types}
          layout="stacked"
          isCurrencyToShown
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : transaction ? 'Save' : 'Add transfer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
