import type { Currency } from '@cairn/contracts/currencies';
import { PlusIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCreateMoneyTransactionMutation } from '../api/create-money-transaction';
import type { MoneyTreeOption } from '../shared/money-tree';
import {
  type DraftContext,
  type DraftErrors,
  emptyDraft,
  type TransactionDraft,
  toTransactionBody,
  withField,
} from './transaction-draft';
import { TransactionFields } from './transaction-fields';

interface TransactionAddRowProps {
  context: DraftContext;
  accountOptions: readonly MoneyTreeOption[];
  categoryOptions: readonly MoneyTreeOption[];
  currencies: readonly Currency[];
  /** Today in the user's time zone: a new entry's date. */
  today: string;
  /** The register's account filter: entries go there first. */
  preferredAccountId: string | undefined;
}

/**
 * The register's first row, for entering one transaction after another without the mouse: Enter in
 * any field saves and leaves the row ready for the next one (date, account and currency kept, the
 * cursor back in the amount); Escape clears it. The new row shows in the register at once.
 */
export function TransactionAddRow({
  context,
  accountOptions,
  categoryOptions,
  currencies,
  today,
  preferredAccountId,
}: TransactionAddRowProps) {
  const create = useCreateMoneyTransactionMutation();
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    emptyDraft({ date: today, accountId: preferredAccountId }, context),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const amountRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Accounts and the user's currency may arrive after the row: the first ones fill the empty fields.
  useEffect(() => {
    setDraft((current) => {
      if (current.accountId && current.currencyId) return current;
      const filled = emptyDraft(
        { date: current.date, type: current.type, accountId: preferredAccountId },
        context,
      );
      return { ...current, accountId: filled.accountId, currencyId: filled.currencyId };
    });
  }, [context, preferredAccountId]);

  // Filtering the register by another account makes it the one new entries go to (only when the
  // filter changes: an account picked by hand stays while the data refreshes).
  const lastPreferred = useRef(preferredAccountId);
  useEffect(() => {
    if (preferredAccountId === lastPreferred.current) return;
    lastPreferred.current = preferredAccountId;
    if (preferredAccountId)
      setDraft((current) => withField(current, 'accountId', preferredAccountId, context));
  }, [preferredAccountId, context]);

  /** A fresh entry keeping what repeats from one to the next: type, date, account, currency. */
  function nextDraft(from: TransactionDraft): TransactionDraft {
    return { ...from, amount: '', amountTo: '', categoryId: '', note: '' };
  }

  function save() {
    const result = toTransactionBody(draft, context);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const submitted = draft;
    create.mutate(result.body, {
      // The entry comes back to the row, so nothing typed is lost.
      onError: () =>
        setDraft((current) => (current.amount === '' && current.note === '' ? submitted : current)),
    });
    setDraft(nextDraft(draft));
    amountRef.current?.focus();
  }

  function clear() {
    setDraft(nextDraft(draft));
    setErrors({});
    amountRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    } else if (event.key === 'Enter' && (target.tagName === 'SELECT' || target.tagName === 'INPUT')) {
      // A select (and a date field) does not submit on Enter by itself.
      event.preventDefault();
      save();
    }
  }

  return (
    <form
      ref={formRef}
      aria-label="Add a transaction"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      className="grid grid-cols-2 gap-x-2 gap-y-2 rounded-xl border bg-card p-3 sm:flex sm:flex-wrap sm:items-start"
    >
      <TransactionFields
        draft={draft}
        onChange={setDraft}
        errors={errors}
        context={context}
        accountOptions={accountOptions}
        categoryOptions={categoryOptions}
        currencies={currencies}
        types={['expense', 'income', 'transfer']}
        layout="row"
        amountRef={amountRef}
      />
      <div className="col-span-2 flex items-end self-stretch sm:col-span-1">
        <Button type="submit" className="h-9 w-full sm:mt-5 sm:w-auto" aria-keyshortcuts="Enter">
          <PlusIcon aria-hidden />
          Add
        </Button>
      </div>
      <p className="hidden text-xs text-muted-foreground sm:block sm:basis-full">
        Enter adds the transaction and keeps the row ready for the next; Escape clears it.
      </p>
    </form>
  );
}
