import { describe, expect, it } from 'vitest';
import { buildMergeDraft } from './merge-draft';

describe('buildMergeDraft', () => {
  it('keeps the own text first and marks the other version as a block after it', () => {
    expect(buildMergeDraft('Pack socks', 'Pack boots\n')).toBe(
      'Pack socks\n\n<<<<<<< Their version (changed elsewhere)\nPack boots\n>>>>>>> End of their version\n',
    );
  });

  it('adds no block when both texts are the same', () => {
    expect(buildMergeDraft('Same', 'Same')).toBe('Same');
  });

  it('still marks the block when one side is empty', () => {
    expect(buildMergeDraft('', 'Theirs')).toBe(
      '\n<<<<<<< Their version (changed elsewhere)\nTheirs\n>>>>>>> End of their version\n',
    );
  });
});
