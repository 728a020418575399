import { describe, expect, it } from 'vitest';
import {
  applyLayoutStep,
  canApplyLayoutStep,
  findLayoutChanges,
  stackLayout,
  toLayout,
  toLayoutItem,
} from './chart-layout';

const box = (layout: readonly { i: string; x: number; y: number; w: number; h: number }[], id: string) => {
  const item = layout.find((entry) => entry.i === id);
  return item && { x: item.x, y: item.y, w: item.w, h: item.h };
};

describe('toLayoutItem', () => {
  it.each([
    [
      { position: '0,0', size: '6,4' },
      { x: 0, y: 0, w: 6, h: 4 },
    ],
    [
      { position: '6,8', size: '6,5' },
      { x: 6, y: 8, w: 6, h: 5 },
    ],
    // Wider than the grid, or sticking out of it: kept inside.
    [
      { position: '10,2', size: '20,4' },
      { x: 0, y: 2, w: 12, h: 4 },
    ],
    [
      { position: '11,0', size: '4,4' },
      { x: 8, y: 0, w: 4, h: 4 },
    ],
    // Too small to draw a chart in: the smallest that fits one.
    [
      { position: '0,0', size: '1,1' },
      { x: 0, y: 0, w: 3, h: 3 },
    ],
    // Unreadable: the top left corner, the default size.
    [
      { position: 'x', size: '' },
      { x: 0, y: 0, w: 6, h: 4 },
    ],
  ])('%o → %o', (stored, expected) => {
    const item = toLayoutItem({ id: 'a', ...stored });
    expect({ x: item.x, y: item.y, w: item.w, h: item.h }).toEqual(expected);
  });
});

describe('findLayoutChanges', () => {
  const charts = [
    { id: 'a', position: '0,0', size: '6,4' },
    { id: 'b', position: '6,0', size: '6,4' },
  ];

  it('lists only the charts whose place or size changed, as strings', () => {
    const layout = [
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 0, y: 4, w: 8, h: 4 },
    ];
    expect(findLayoutChanges(charts, layout)).toEqual([{ id: 'b', position: '0,4', size: '8,4' }]);
  });

  it('is empty when nothing moved, and ignores charts it does not know', () => {
    expect(findLayoutChanges(charts, [...toLayout(charts), { i: 'z', x: 0, y: 9, w: 3, h: 3 }])).toEqual([]);
  });
});

describe('applyLayoutStep', () => {
  // a b
  // c
  const layout = [
    { i: 'a', x: 0, y: 0, w: 6, h: 4 },
    { i: 'b', x: 6, y: 0, w: 6, h: 4 },
    { i: 'c', x: 0, y: 4, w: 6, h: 4 },
  ];

  it('moves up past the chart above, which makes way below', () => {
    const next = applyLayoutStep(layout, 'c', 'up');
    expect(box(next, 'c')).toEqual({ x: 0, y: 0, w: 6, h: 4 });
    expect(box(next, 'a')).toEqual({ x: 0, y: 4, w: 6, h: 4 });
  });

  it('moves down past the chart below, which rises', () => {
    const next = applyLayoutStep(layout, 'a', 'down');
    expect(box(next, 'a')).toEqual({ x: 0, y: 4, w: 6, h: 4 });
    expect(box(next, 'c')).toEqual({ x: 0, y: 0, w: 6, h: 4 });
  });

  it('moves one column sideways, within the grid', () => {
    expect(box(applyLayoutStep(layout, 'c', 'right'), 'c')).toMatchObject({ x: 1 });
    expect(box(applyLayoutStep(layout, 'a', 'left'), 'a')).toEqual({ x: 0, y: 0, w: 6, h: 4 });
    expect(box(applyLayoutStep(layout, 'b', 'right'), 'b')).toEqual({ x: 6, y: 0, w: 6, h: 4 });
  });

  it('resizes by one cell, never below the smallest chart nor past the grid', () => {
    expect(box(applyLayoutStep(layout, 'c', 'wider'), 'c')).toEqual({ x: 0, y: 4, w: 7, h: 4 });
    expect(box(applyLayoutStep(layout, 'c', 'taller'), 'c')).toEqual({ x: 0, y: 4, w: 6, h: 5 });
    expect(box(applyLayoutStep(layout, 'c', 'shorter'), 'c')).toEqual({ x: 0, y: 4, w: 6, h: 3 });
    const small = [{ i: 's', x: 0, y: 0, w: 3, h: 3 }];
    expect(box(applyLayoutStep(small, 's', 'narrower'), 's')).toEqual({ x: 0, y: 0, w: 3, h: 3 });
    expect(box(applyLayoutStep(small, 's', 'shorter'), 's')).toEqual({ x: 0, y: 0, w: 3, h: 3 });
    const full = [{ i: 'f', x: 0, y: 0, w: 12, h: 4 }];
    expect(box(applyLayoutStep(full, 'f', 'wider'), 'f')).toEqual({ x: 0, y: 0, w: 12, h: 4 });
  });

  it('pushes a neighbour away rather than overlapping it', () => {
    const next = applyLayoutStep(layout, 'a', 'wider');
    expect(box(next, 'a')).toEqual({ x: 0, y: 0, w: 7, h: 4 });
    const b = box(next, 'b');
    expect(b && b.y >= 4).toBe(true);
  });

  it('leaves the input untouched', () => {
    const before = JSON.stringify(layout);
    applyLayoutStep(layout, 'c', 'up');
    expect(JSON.stringify(layout)).toBe(before);
  });
});

describe('canApplyLayoutStep', () => {
  const layout = [{ i: 'a', x: 0, y: 0, w: 6, h: 4 }];
  it.each([
    ['left', false],
    ['up', false],
    ['right', true],
    ['down', false],
    ['wider', true],
    ['narrower', true],
  ] as const)('%s: %s', (step, expected) => {
    expect(canApplyLayoutStep(layout, 'a', step)).toBe(expected);
  });
});

describe('stackLayout', () => {
  it('puts the charts in one column in reading order, each as tall as before', () => {
    const stacked = stackLayout([
      { i: 'c', x: 0, y: 4, w: 6, h: 3 },
      { i: 'b', x: 6, y: 0, w: 6, h: 5 },
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
    ]);
    expect(stacked.map((item) => [item.i, item.x, item.y, item.w, item.h])).toEqual([
      ['a', 0, 0, 1, 4],
      ['b', 0, 4, 1, 5],
      ['c', 0, 9, 1, 3],
    ]);
  });
});
