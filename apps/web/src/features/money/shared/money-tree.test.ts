import { describe, expect, it } from 'vitest';
import { buildMoneyTree, selfAndChildren, splitTreeChoice, toTreeOptions, treeLabels } from './money-tree';

const items = [
  { id: 'card', name: 'Credit card', parentId: null },
  { id: 'savings', name: 'savings', parentId: 'bank' },
  { id: 'bank', name: 'Bank', parentId: null },
  { id: 'checking', name: 'Checking', parentId: 'bank' },
  { id: 'orphan', name: 'Old pot', parentId: 'deleted' },
];

describe('buildMoneyTree', () => {
  it('puts children under their parent, both by name ignoring case, and keeps orphans at the top', () => {
    expect(
      buildMoneyTree(items).map(({ item, children }) => [item.id, children.map((child) => child.id)]),
    ).toEqual([
      ['bank', ['checking', 'savings']],
      ['card', []],
      ['orphan', []],
    ]);
  });
});

describe('toTreeOptions and treeLabels', () => {
  it('lists entries in tree order, children labelled with their parent', () => {
    expect(toTreeOptions(items).map((option) => option.label)).toEqual([
      'Bank',
      'Bank › Checking',
      'Bank › savings',
      'Credit card',
      'Old pot',
    ]);
    expect(treeLabels(items).get('savings')).toBe('Bank › savings');
  });
});

describe('splitTreeChoice', () => {
  it('splits a pick into what a transaction stores', () => {
    expect(splitTreeChoice('card', items)).toEqual({ parentId: 'card', childId: null });
    expect(splitTreeChoice('savings', items)).toEqual({ parentId: 'bank', childId: 'savings' });
    expect(splitTreeChoice('', items)).toBeNull();
    expect(splitTreeChoice('missing', items)).toBeNull();
  });
});

describe('selfAndChildren', () => {
  it('names the entry and its children', () => {
    expect([...selfAndChildren('bank', items)].sort()).toEqual(['bank', 'checking', 'savings']);
    expect([...selfAndChildren('card', items)]).toEqual(['card']);
  });
});
