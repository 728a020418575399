import { describe, expect, it } from 'vitest';
import { cn, loadClassMerging } from './cn';

describe('cn', () => {
  it('joins classes until merging loads, then lets later utilities win', async () => {
    expect(cn('size-8', false, ['rounded', { 'size-12': true }])).toBe('size-8 rounded size-12');
    await loadClassMerging();
    expect(cn('size-8', false, ['rounded', { 'size-12': true }])).toBe('rounded size-12');
  });
});
