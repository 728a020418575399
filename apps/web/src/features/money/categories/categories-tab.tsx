import type { MoneyCategory } from '@cairn/contracts/money';
import { EllipsisVerticalIcon, PencilIcon, PlusIcon, TagsIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DeferredDropdownMenu } from '../../../components/ui/deferred-dropdown-menu';
import { DropdownMenuContent, DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { useDeleteMoneyCategoryMutation } from '../api/delete-money-category';
import { useMoneyCategories } from '../api/get-money-categories';
import { useMoveMoneyCategoryTransactionsMutation } from '../api/move-money-category-transactions';
import { MoneyEmptyState, MoneyViewState } from '../page/money-view-state';
import { type DeletableEntry, DeleteEntryDialogs } from '../shared/delete-entry-dialogs';
import { buildMoneyTree, selfAndChildren, splitTreeChoice, toTreeOptions } from '../shared/money-tree';
import { CategoryDialog } from './category-dialog';

type CategoryDialogState = { category?: MoneyCategory; parentId?: string | null } | null;

const UNCATEGORISED = 'none';

function countLabel(count: number): string {
  return count === 1 ? '1 transaction' : `${count} transactions`;
}

/** The categories tree with how many transactions each holds, and everything done to categories. */
export function CategoriesTab({ onOpenRegister }: { onOpenRegister: (categoryId: string) => void }) {
  const categories = useMoneyCategories();
  const [dialog, setDialog] = useState<CategoryDialogState>(null);
  const [deleting, setDeleting] = useState<DeletableEntry | null>(null);
  const deleteCategory = useDeleteMoneyCategoryMutation();
  const moveTransactions = useMoveMoneyCategoryTransactionsMutation();

  const items = categories.data ?? [];
  const tree = useMemo(() => buildMoneyTree(items), [items]);
  const options = useMemo(() => toTreeOptions(items), [items]);

  if (categories.isPending) return <MoneyViewState kind="loading" title="Loading your categories" />;
  if (categories.isError)
    return (
      <MoneyViewState
        kind="error"
        title="Could not load your categories"
        onRetry={() => void categories.refetch()}
      />
    );

  const openNew = () => setDialog({});
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Categories</h2>
        <Button onClick={openNew}>
          <PlusIcon aria-hidden />
          New category
        </Button>
      </div>

      {items.length === 0 ? (
        <MoneyEmptyState
          icon={<TagsIcon />}
          title="No categories yet"
          action={
            <Button onClick={openNew}>
              <PlusIcon aria-hidden />
              Add your first category
            </Button>
          }
        >
          Categories say where money went: groceries, rent, salary. Sub-categories (Food › Restaurants) roll
          up into their category in reports.
        </MoneyEmptyState>
      ) : (
        <ul aria-label="Categories" className="grid gap-2">
          {tree.map(({ item, children }) => {
            // Filtering by a category includes its sub-categories, so its count does too.
            const total = children.reduce(
              (sum, child) => sum + child.transactionCount,
              item.transactionCount,
            );
            return (
              <li key={item.id} className="rounded-xl border bg-card">
                <CategoryRow
                  category={item}
                  count={total}
                  onOpen={() => onOpenRegister(item.id)}
                  onEdit={() => setDialog({ category: item })}
                  onAddChild={() => setDialog({ parentId: item.id })}
                  onDelete={() => setDeleting({ id: item.id, name: item.name, childCount: children.length })}
                />
                {children.length > 0 && (
                  <ul aria-label={`Sub-categories of ${item.name}`} className="border-t">
                    {children.map((child) => (
                      <li key={child.id} className="border-b pl-6 last:border-b-0 sm:pl-10">
                        <CategoryRow
                          category={child}
                          count={child.transactionCount}
                          onOpen={() => onOpenRegister(child.id)}
                          onEdit={() => setDialog({ category: child })}
                          onDelete={() => setDeleting({ id: child.id, name: child.name, childCount: 0 })}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {dialog && (
        <CategoryDialog
          category={dialog.category}
          initialParentId={dialog.parentId}
          categories={items}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteEntryDialogs
        entry={deleting}
        onClose={() => setDeleting(null)}
        noun="category"
        targets={options}
        extraTargets={[{ value: UNCATEGORISED, label: 'Uncategorised' }]}
        unavailableTargets={deleting ? selfAndChildren(deleting.id, items) : new Set()}
        deleteEntry={(id) => deleteCategory.mutateAsync(id)}
        moveTransactions={(id, target) => {
          const choice = target === UNCATEGORISED ? null : splitTreeChoice(target, items);
          return moveTransactions.mutateAsync({
            id,
            body: { toCategoryId: choice?.parentId ?? null, toSubCategoryId: choice?.childId ?? null },
          });
        }}
      />
    </div>
  );
}

interface CategoryRowProps {
  category: MoneyCategory;
  count: number;
  onOpen: () => void;
  onEdit: () => void;
  onAddChild?: () => void;
  onDelete: () => void;
}

function CategoryRow({ category, count, onOpen, onEdit, onAddChild, onDelete }: CategoryRowProps) {
  return (
    <div className="flex items-center gap-2 px-3 py-2.5 sm:px-4" data-testid="money-category-row">
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 truncate rounded-sm text-left font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        title={`Show the transactions in ${category.name}`}
      >
        {category.name}
      </button>
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{countLabel(count)}</span>
      <DeferredDropdownMenu
        trigger={
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${category.name}`}>
            <EllipsisVerticalIcon aria-hidden />
          </Button>
        }
      >
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <PencilIcon aria-hidden />
            Edit…
          </DropdownMenuItem>
          {onAddChild && (
            <DropdownMenuItem onSelect={onAddChild}>
              <PlusIcon aria-hidden />
              Add sub-category…
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
            <Trash2Icon aria-hidden />
            Delete…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DeferredDropdownMenu>
    </div>
  );
}
