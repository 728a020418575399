import type { Currency } from '@cairn/contracts/currencies';
import { MONEY_NAME_MAX_LENGTH, type MoneyAccount } from '@cairn/contracts/money';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useCreateMoneyAccountMutation } from '../api/create-money-account';
import { useUpdateMoneyAccountMutation } from '../api/update-money-account';
import { CurrencySelect } from '../shared/currency-select';

interface AccountDialogProps {
  /** The account being edited; left out to create one. */
  account?: MoneyAccount;
  /** The parent a new account starts under (adding a sub-account). */
  initialParentId?: string | null;
  accounts: readonly MoneyAccount[];
  currencies: readonly Currency[];
  userCurrency: Currency | undefined;
  onClose: () => void;
}

/** Creates an account, or renames one, moves it under another and sets the currency it starts with. */
export function AccountDialog({
  account,
  initialParentId = null,
  accounts,
  currencies,
  userCurrency,
  onClose,
}: AccountDialogProps) {
  const [name, setName] = useState(account?.name ?? '');
  const [parentId, setParentId] = useState(account?.parentId ?? initialParentId ?? '');
  const [currencyId, setCurrencyId] = useState(account?.currencyId ?? '');
  const [nameError, setNameError] = useState<string>();
  const create = useCreateMoneyAccountMutation();
  const update = useUpdateMoneyAccountMutation();
  const isPending = create.isPending || update.isPending;
  const hasChildren = account !== undefined && accounts.some((entry) => entry.parentId === account.id);
  // Two levels only: a parent is a top-level account, never the account itself.
  const parents = accounts.filter((entry) => entry.parentId === null && entry.id !== account?.id);

  function submit() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name is required');
      return;
    }
    const body = { name: trimmed, parentId: parentId || null, currencyId: currencyId || null };
    const options = { onSuccess: onClose };
    if (account) update.mutate({ id: account.id, body }, options);
    else create.mutate(body, options);
  }

  const title = account ? `Edit “${account.name}”` : initialParentId ? 'New sub-account' : 'New account';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      description="Sub-accounts roll up into their account's balance."
      className="sm:max-w-md"
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" error={nameError}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={MONEY_NAME_MAX_LENGTH}
              autoComplete="off"
              placeholder="Checking, Cash, Credit card…"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
          )}
        </FormField>
        <FormField
          label="Sub-account of"
          hint={hasChildren ? 'An account with sub-accounts stays at the top level.' : undefined}
        >
          {(control) => (
            <NativeSelect
              {...control}
              value={parentId}
              disabled={hasChildren}
              onChange={(event) => setParentId(event.target.value)}
            >
              <option value="">None (a top-level account)</option>
              {parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Currency" hint="New transactions in this account start in it.">
          {(control) => (
            <CurrencySelect
              {...control}
              value={currencyId}
              onChange={(event) => setCurrencyId(event.target.value)}
              currencies={currencies}
              emptyLabel={`Your currency${userCurrency ? ` (${userCurrency.code})` : ''}`}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : account ? 'Save' : 'Create account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
