import { MONEY_NAME_MAX_LENGTH, type MoneyCategory } from '@cairn/contracts/money';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useCreateMoneyCategoryMutation } from '../api/create-money-category';
import { useUpdateMoneyCategoryMutation } from '../api/update-money-category';

interface CategoryDialogProps {
  /** The category being edited; left out to create one. */
  category?: MoneyCategory;
  /** The parent a new category starts under (adding a sub-category). */
  initialParentId?: string | null;
  categories: readonly MoneyCategory[];
  onClose: () => void;
}

/** Creates a category, or renames one and moves it under another. */
export function CategoryDialog({
  category,
  initialParentId = null,
  categories,
  onClose,
}: CategoryDialogProps) {
  const [name, setName] = useState(category?.name ?? '');
  const [parentId, setParentId] = useState(category?.parentId ?? initialParentId ?? '');
  const [nameError, setNameError] = useState<string>();
  const create = useCreateMoneyCategoryMutation();
  const update = useUpdateMoneyCategoryMutation();
  const isPending = create.isPending || update.isPending;
  const hasChildren = category !== undefined && categories.some((entry) => entry.parentId === category.id);
  const parents = categories.filter((entry) => entry.parentId === null && entry.id !== category?.id);

  function submit() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name is required');
      return;
    }
    const body = { name: trimmed, parentId: parentId || null };
    const options = { onSuccess: onClose };
    if (category) update.mutate({ id: category.id, body }, options);
    else create.mutate(body, options);
  }

  const title = category ? `Edit “${category.name}”` : initialParentId ? 'New sub-category' : 'New category';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      description="Reports roll sub-categories up into their category."
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
              placeholder="Groceries, Rent, Salary…"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
          )}
        </FormField>
        <FormField
          label="Sub-category of"
          hint={hasChildren ? 'A category with sub-categories stays at the top level.' : undefined}
        >
          {(control) => (
            <NativeSelect
              {...control}
              value={parentId}
              disabled={hasChildren}
              onChange={(event) => setParentId(event.target.value)}
            >
              <option value="">None (a top-level category)</option>
              {parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving…' : category ? 'Save' : 'Create category'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
