/** What accounts and categories have in common: both are two-level trees of named entries. */
export interface MoneyTreeItem {
  id: string;
  name: string;
  parentId: string | null;
}

export interface MoneyTreeNode<Item extends MoneyTreeItem> {
  item: Item;
  children: Item[];
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareByName(first: MoneyTreeItem, second: MoneyTreeItem): number {
  return byName.compare(first.name, second.name) || first.id.localeCompare(second.id);
}

/**
 * Top-level entries with their children, both by name. A child whose parent is missing (deleted in
 * another tab, not yet refetched) is shown at the top level rather than lost.
 */
export function buildMoneyTree<Item extends MoneyTreeItem>(items: readonly Item[]): MoneyTreeNode<Item>[] {
  const ids = new Set(items.map((item) => item.id));
  const childrenOf = new Map<string, Item[]>();
  const roots: Item[] = [];
  for (const item of items) {
    if (item.parentId !== null && ids.has(item.parentId)) {
      const siblings = childrenOf.get(item.parentId) ?? [];
      siblings.push(item);
      childrenOf.set(item.parentId, siblings);
    } else {
      roots.push(item);
    }
  }
  return roots
    .sort(compareByName)
    .map((item) => ({ item, children: (childrenOf.get(item.id) ?? []).sort(compareByName) }));
}

export interface MoneyTreeOption {
  value: string;
  /** "Parent › Child" for a child, so a flat picker still says where it belongs. */
  label: string;
}

/** Every entry in tree order, for a flat picker (a native select). */
export function toTreeOptions(items: readonly MoneyTreeItem[]): MoneyTreeOption[] {
  return buildMoneyTree(items).flatMap(({ item, children }) => [
    { value: item.id, label: item.name },
    ...children.map((child) => ({ value: child.id, label: `${item.name} › ${child.name}` })),
  ]);
}

/**
 * A picked entry as a transaction stores it: the top-level one, and the child when a child was picked
 * (accountId + subAccountId, categoryId + subCategoryId). Null when nothing (or an unknown id) is picked.
 */
export function splitTreeChoice(
  id: string | null | undefined,
  items: readonly MoneyTreeItem[],
): { parentId: string; childId: string | null } | null {
  if (!id) return null;
  const item = items.find((entry) => entry.id === id);
  if (!item) return null;
  return item.parentId === null
    ? { parentId: item.id, childId: null }
    : { parentId: item.parentId, childId: item.id };
}

/** The entry a transaction points at: the child when it has one, else the top-level one. */
export function joinTreeChoice(parentId: string | null, childId: string | null): string | null {
  return childId ?? parentId;
}

/** Every entry's display name by id: "Parent › Child" for a child. */
export function treeLabels(items: readonly MoneyTreeItem[]): Map<string, string> {
  return new Map(toTreeOptions(items).map((option) => [option.value, option.label]));
}

/** The entry and its children: what a move of its transactions must not target. */
export function selfAndChildren(id: string, items: readonly MoneyTreeItem[]): Set<string> {
  return new Set([id, ...items.filter((item) => item.parentId === id).map((item) => item.id)]);
}
