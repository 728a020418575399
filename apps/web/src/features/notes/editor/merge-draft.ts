export const THEIR_VERSION_START = '<<<<<<< Their version (changed elsewhere)';
export const THEIR_VERSION_END = '>>>>>>> End of their version';

/**
 * The starting text of a merge: the user's own text, then the other version's text in a clearly
 * marked block, for the user to weave in and delete. Their text is left out when it is already the same.
 */
export function buildMergeDraft(mine: string, theirs: string): string {
  if (mine === theirs) return mine;
  const ownPart = mine.endsWith('\n') || mine === '' ? mine : `${mine}\n`;
  const theirPart = theirs.endsWith('\n') || theirs === '' ? theirs : `${theirs}\n`;
  return `${ownPart}\n${THEIR_VERSION_START}\n${theirPart}${THEIR_VERSION_END}\n`;
}
