// Axis arithmetic for the dashboard's charts (tracker-chart.tsx): nice round ticks over the values,
// day ticks over a span of days, and labels thinned out so they never overlap.
import { nice, ticks } from 'd3-array';

const DAY_MS = 86_400_000;

export interface LinearScale {
  /** The axis runs from the first tick to the last. */
  domain: [number, number];
  ticks: number[];
}

/**
 * Round ticks covering `values` (and zero, with `includeZero`, as bars start from it), about `count` of
 * them, 1, 2 or 5 times a power of ten apart (d3-array's nice and ticks, free of floating-point
 * residue such as 0.30000000000000004). A single value gets an axis around it, so a flat line sits in
 * the middle rather than on an edge.
 */
export function niceScale(values: readonly number[], { count = 5, includeZero = false } = {}): LinearScale {
  const finite = values.filter(Number.isFinite);
  let low = finite.length > 0 ? Math.min(...finite) : 0;
  let high = finite.length > 0 ? Math.max(...finite) : 1;
  if (includeZero) {
    low = Math.min(low, 0);
    high = Math.max(high, 0);
  }
  if (low === high) {
    const pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    low = includeZero && low >= 0 ? low : low - pad;
    high += pad;
  }
  const [first, last] = nice(low, high, count);
  return { domain: [first, last], ticks: ticks(first, last, count) };
}

/** Day ticks (times at UTC midnight) over [from, to], a whole number of days apart, about `count` of them. */
export function dayTicks(from: number, to: number, count: number): number[] {
  const days = Math.round((to - from) / DAY_MS);
  if (days <= 0) return [from];
  const steps = [1, 2, 3, 7, 14, 30, 61, 91, 182, 365];
  const step = steps.find((candidate) => days / candidate <= Math.max(1, count)) ?? Math.ceil(days / count);
  const ticks: number[] = [];
  for (let day = 0; day <= days; day += step) ticks.push(from + day * DAY_MS);
  return ticks;
}

/**
 * The indexes of the labels to write along an axis of `width` pixels, each label about `labelWidth`
 * wide with at least `gap` between them: every n-th one, the first always, the last when it fits.
 */
export function thinLabels(count: number, width: number, labelWidth: number, gap: number): number[] {
  if (count === 0) return [];
  const slot = width / count;
  const every = Math.max(1, Math.ceil((labelWidth + gap) / Math.max(1, slot)));
  const shown: number[] = [];
  for (let index = 0; index < count; index += every) shown.push(index);
  const last = count - 1;
  const lastShown = shown.at(-1) ?? 0;
  if (lastShown !== last) {
    if ((last - lastShown) * slot >= labelWidth + gap) shown.push(last);
    else if (shown.length > 1) shown[shown.length - 1] = last;
  }
  return shown;
}

export interface AxisLabel {
  /** Where the label is anchored, in pixels along the axis. */
  x: number;
  width: number;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * The indexes of the labels to write, left to right, leaving out any that would come closer than `gap`
 * to the last one written. Day ticks are evenly spaced, but the first label starts at its tick and the
 * last may end at its, so their neighbours are the ones that would collide.
 */
export function nonOverlappingLabels(labels: readonly AxisLabel[], gap: number): number[] {
  const shown: number[] = [];
  let rightEdge = Number.NEGATIVE_INFINITY;
  for (const [index, label] of labels.entries()) {
    const left =
      label.anchor === 'start'
        ? label.x
        : label.anchor === 'end'
          ? label.x - label.width
          : label.x - label.width / 2;
    if (left < rightEdge + gap) continue;
    shown.push(index);
    rightEdge = left + label.width;
  }
  return shown;
}
