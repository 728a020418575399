import type { SwissHole } from '@cairn/contracts/task-planning';

type HoleRef = Pick<SwissHole, 'kind' | 'id'>;

/**
 * One round through a big task's holes, kept on the screen. The deck comes from the server; the round
 * records, by hole key, the order cards are dealt in and what the user did to them, so a refetched deck
 * (a hole done elsewhere, one added) still deals the same cards in the same order.
 */
export interface SwissRound {
  /** The dealing order: the deck's order when the round started, cards put off with Later moved last. */
  order: readonly string[];
  /** Dropped from this round with Skip. */
  skipped: readonly string[];
  /** Marked done on this screen; the server's deck may not have caught up yet. */
  done: readonly string[];
}

export type SwissRoundAction =
  | { type: 'later' | 'skip' | 'done' | 'undo-done'; key: string }
  | { type: 'restart'; holes: readonly HoleRef[] };

/** Subtasks and checklist items live in different tables: the kind keeps their ids apart. */
export function getHoleKey(hole: HoleRef): string {
  return `${hole.kind}:${hole.id}`;
}

export function startRound(holes: readonly HoleRef[]): SwissRound {
  return { order: holes.map(getHoleKey), skipped: [], done: [] };
}

const without = (keys: readonly string[], key: string) => keys.filter((each) => each !== key);

export function updateRound(round: SwissRound, action: SwissRoundAction): SwissRound {
  switch (action.type) {
    case 'later':
      return { ...round, order: [...without(round.order, action.key), action.key] };
    case 'skip':
      return { ...round, skipped: [...without(round.skipped, action.key), action.key] };
    case 'done':
      return { ...round, done: [...without(round.done, action.key), action.key] };
    // The server refused: the hole goes back to its place in the deck.
    case 'undo-done':
      return { ...round, done: without(round.done, action.key) };
    case 'restart':
      return startRound(action.holes);
  }
}

/**
 * The holes still to deal this round, in the round's order. Holes the round has not seen (added since
 * it started, or uncovered when a subtask's own subtasks were done) come last, in the deck's order, so
 * the card on screen never changes under the user.
 */
export function dealHoles<Hole extends HoleRef>(holes: readonly Hole[], round: SwissRound): Hole[] {
  const dealt = new Set([...round.skipped, ...round.done]);
  const rank = new Map(round.order.map((key, index) => [key, index]));
  return holes
    .map((hole, index) => ({ hole, key: getHoleKey(hole), index }))
    .filter(({ key }) => !dealt.has(key))
    .sort(
      (a, b) =>
        (rank.get(a.key) ?? round.order.length + a.index) - (rank.get(b.key) ?? round.order.length + b.index),
    )
    .map(({ hole }) => hole);
}

/** Skipped holes still open in the deck: the ones "Start again" brings back. */
export function countSkipped(holes: readonly HoleRef[], round: SwissRound): number {
  const open = new Set(holes.map(getHoleKey));
  return round.skipped.filter((key) => open.has(key)).length;
}

/**
 * The big task's progress with this screen's ticks counted at once: a hole marked done that the deck
 * still lists as open has not reached the server's count yet.
 */
export function getRoundProgress(
  deck: { holes: readonly HoleRef[]; progress: { done: number; total: number } },
  round: SwissRound,
): { done: number; total: number } {
  const open = new Set(deck.holes.map(getHoleKey));
  const pending = round.done.filter((key) => open.has(key)).length;
  const { done, total } = deck.progress;
  return { done: Math.min(done + pending, total), total };
}
