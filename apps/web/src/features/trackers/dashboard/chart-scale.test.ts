import { describe, expect, it } from 'vitest';
import { dayTicks, niceScale, nonOverlappingLabels, thinLabels } from './chart-scale';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('niceScale', () => {
  it.each([
    { values: [75.2, 80.9], includeZero: false, domain: [75, 81], ticks: [75, 76, 77, 78, 79, 80, 81] },
    { values: [3, 42], includeZero: true, domain: [0, 50], ticks: [0, 10, 20, 30, 40, 50] },
    { values: [-12, 30], includeZero: true, domain: [-20, 30], ticks: [-20, -10, 0, 10, 20, 30] },
    { values: [0.1, 0.3], includeZero: false, domain: [0.1, 0.3], ticks: [0.1, 0.15, 0.2, 0.25, 0.3] },
    { values: [70, 70], includeZero: false, domain: [60, 80], ticks: [60, 65, 70, 75, 80] },
    { values: [5, 5], includeZero: true, domain: [0, 5], ticks: [0, 1, 2, 3, 4, 5] },
    { values: [], includeZero: true, domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] },
  ])('$values (zero included: $includeZero) → $domain', ({ values, includeZero, domain, ticks }) => {
    const scale = niceScale(values, { includeZero });
    expect(scale.domain).toEqual(domain);
    expect(scale.ticks).toEqual(ticks);
  });
});

describe('dayTicks', () => {
  it('one tick a day over a week, on the days themselves', () => {
    const ticks = dayTicks(day('2024-03-01'), day('2024-03-07'), 10);
    expect(ticks.map((tick) => new Date(tick).toISOString().slice(0, 10))).toEqual([
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
      '2024-03-04',
      '2024-03-05',
      '2024-03-06',
      '2024-03-07',
    ]);
  });

  it('a week apart over three months', () => {
    const ticks = dayTicks(day('2024-01-01'), day('2024-03-31'), 14);
    expect(ticks[1]! - ticks[0]!).toBe(7 * 86_400_000);
    expect(ticks.length).toBeLessThanOrEqual(14);
  });

  it('a single day is one tick', () => {
    expect(dayTicks(day('2024-02-29'), day('2024-02-29'), 5)).toEqual([day('2024-02-29')]);
  });
});

describe('thinLabels', () => {
  it.each([
    { count: 5, width: 500, labelWidth: 40, gap: 8, shown: [0, 1, 2, 3, 4] },
    { count: 10, width: 200, labelWidth: 40, gap: 8, shown: [0, 3, 6, 9] },
    { count: 12, width: 240, labelWidth: 50, gap: 8, shown: [0, 3, 6, 11] },
    { count: 1, width: 10, labelWidth: 60, gap: 8, shown: [0] },
    { count: 0, width: 100, labelWidth: 40, gap: 8, shown: [] },
  ])('$count labels of $labelWidth px in $width px → $shown', ({ count, width, labelWidth, gap, shown }) => {
    expect(thinLabels(count, width, labelWidth, gap)).toEqual(shown);
  });
});

describe('nonOverlappingLabels', () => {
  it('leaves out the label after a first one that starts at its tick', () => {
    // Ticks 100 px apart, labels 78 px wide: the second, centred, would begin at 61 px, inside the first.
    const labels = [0, 100, 200, 300].map((x, index) => ({
      x,
      width: 78,
      anchor: index === 0 ? ('start' as const) : ('middle' as const),
    }));
    expect(nonOverlappingLabels(labels, 8)).toEqual([0, 2, 3]);
  });

  it('keeps every label when they fit, and drops one that would touch the one before', () => {
    const at = (x: number) => ({ x, width: 40, anchor: 'middle' as const });
    expect(nonOverlappingLabels([at(0), at(50), at(100)], 8)).toEqual([0, 1, 2]);
    expect(nonOverlappingLabels([at(0), at(45), at(100)], 8)).toEqual([0, 2]);
  });

  it('places a label anchored at its end to the left of its tick', () => {
    expect(
      nonOverlappingLabels(
        [
          { x: 0, width: 40, anchor: 'start' },
          { x: 90, width: 40, anchor: 'end' },
        ],
        8,
      ),
    ).toEqual([0, 1]);
    expect(
      nonOverlappingLabels(
        [
          { x: 0, width: 40, anchor: 'start' },
          { x: 80, width: 40, anchor: 'end' },
        ],
        8,
      ),
    ).toEqual([0]);
  });
});
