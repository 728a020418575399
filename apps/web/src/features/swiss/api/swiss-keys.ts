/**
 * Every cache key of the swiss screens, defined once. They live under their own root: the draw and the
 * decks are read fresh on each visit, never kept in the offline copy, and never refreshed by the task
 * screens' changes.
 */
export const swissKeys = {
  all: ['swiss'] as const,
  candidates: () => [...swissKeys.all, 'candidates'] as const,
  decks: () => [...swissKeys.all, 'deck'] as const,
  deck: (taskId: string) => [...swissKeys.decks(), taskId] as const,
  draws: () => [...swissKeys.all, 'draw'] as const,
  draw: (listId: string | undefined) => [...swissKeys.draws(), { listId: listId ?? null }] as const,
};
