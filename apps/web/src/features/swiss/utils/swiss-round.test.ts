import { describe, expect, it } from 'vitest';
import {
  countSkipped,
  dealHoles,
  getHoleKey,
  getRoundProgress,
  type SwissRoundAction,
  startRound,
  updateRound,
} from './swiss-round';

const hole = (id: string, kind: 'subtask' | 'checklistItem' = 'subtask') => ({ kind, id });
const [a, b, c, d] = [hole('a'), hole('b', 'checklistItem'), hole('c'), hole('d')];
const deck = [a, b, c];
const key = getHoleKey;

/** The round after these actions on a round started from `deck`. */
function play(...actions: SwissRoundAction[]) {
  return actions.reduce(updateRound, startRound(deck));
}

describe('dealHoles', () => {
  it.each([
    { case: 'a new round deals the deck in its order', round: play(), expected: [a, b, c] },
    { case: 'Later puts the card last', round: play({ type: 'later', key: key(a) }), expected: [b, c, a] },
    {
      case: 'Later twice keeps the order they were put off in',
      round: play({ type: 'later', key: key(a) }, { type: 'later', key: key(b) }),
      expected: [c, a, b],
    },
    { case: 'Skip drops the card', round: play({ type: 'skip', key: key(b) }), expected: [a, c] },
    { case: 'Done drops the card', round: play({ type: 'done', key: key(a) }), expected: [b, c] },
    {
      case: 'a refused Done puts the card back in its place',
      round: play({ type: 'done', key: key(a) }, { type: 'undo-done', key: key(a) }),
      expected: [a, b, c],
    },
    {
      case: 'Start again brings back skipped and done cards',
      round: play(
        { type: 'skip', key: key(a) },
        { type: 'done', key: key(b) },
        { type: 'restart', holes: deck },
      ),
      expected: [a, b, c],
    },
  ])('$case', ({ round, expected }) => {
    expect(dealHoles(deck, round)).toEqual(expected);
  });

  it('deals a hole added since the round started after the others, even after cards put off', () => {
    const round = play({ type: 'later', key: key(a) });
    expect(dealHoles([d, a, b, c], round)).toEqual([b, c, a, d]);
  });

  it('leaves out a hole the server no longer lists', () => {
    expect(dealHoles([a, c], play())).toEqual([a, c]);
  });

  it('tells a subtask from a checklist item with the same id', () => {
    const round = play({ type: 'skip', key: key(hole('b', 'subtask')) });
    expect(dealHoles(deck, round)).toEqual([a, b, c]);
  });
});

describe('countSkipped', () => {
  it('counts skipped holes still open, not ones done elsewhere since', () => {
    const round = play({ type: 'skip', key: key(a) }, { type: 'skip', key: key(b) });
    expect(countSkipped(deck, round)).toBe(2);
    expect(countSkipped([b, c], round)).toBe(1);
  });
});

describe('getRoundProgress', () => {
  it.each([
    { case: 'nothing done here', holes: deck, done: [], server: 4, expected: 4 },
    { case: 'a tick not yet on the server counts at once', holes: deck, done: [a], server: 4, expected: 5 },
    {
      case: 'a tick the server has counted is not counted twice',
      holes: [b, c],
      done: [a],
      server: 5,
      expected: 5,
    },
    { case: 'never more than the total', holes: deck, done: [a, b, c], server: 9, expected: 10 },
  ])('$case', ({ holes, done, server, expected }) => {
    const round = done.reduce(
      (each, item) => updateRound(each, { type: 'done', key: key(item) }),
      startRound(deck),
    );
    expect(getRoundProgress({ holes, progress: { done: server, total: 10 } }, round)).toEqual({
      done: expected,
      total: 10,
    });
  });
});
