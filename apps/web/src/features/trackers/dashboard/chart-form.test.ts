import {
  AT_LEAST_ONE_TRACKER_MESSAGE,
  allowedAggregations,
  chartTypes,
  TRACKER_NAME_REQUIRED_MESSAGE,
  TRACKER_NAME_TOO_LONG_MESSAGE,
} from '@cairn/contracts/trackers';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/errors';
import {
  changeChartType,
  checkChartDraft,
  newChartDraft,
  readChartServerErrors,
  SCATTER_TRACKERS_MESSAGE,
  toChartBody,
} from './chart-form';

describe('changeChartType', () => {
  it.each(chartTypes)('leaves %s with an aggregation it allows', (chartType) => {
    for (const aggregation of ['sum', 'latest', 'difference', 'none'] as const) {
      const next = changeChartType({ ...newChartDraft(), aggregation }, chartType);
      expect(allowedAggregations[chartType]).toContain(next.aggregation);
    }
  });

  it('keeps an aggregation the new type allows', () => {
    expect(changeChartType({ ...newChartDraft(), aggregation: 'sum' }, 'bar').aggregation).toBe('sum');
    expect(changeChartType({ ...newChartDraft(), aggregation: 'sum' }, 'scatter').aggregation).toBe('none');
  });
});

describe('checkChartDraft', () => {
  it('asks for a name and a tracker, with the API’s words', () => {
    expect(checkChartDraft({ ...newChartDraft(), name: '  ' })).toEqual({
      name: TRACKER_NAME_REQUIRED_MESSAGE,
      trackerIds: AT_LEAST_ONE_TRACKER_MESSAGE,
    });
    expect(checkChartDraft({ ...newChartDraft(), name: 'x'.repeat(256), trackerIds: ['a'] })).toEqual({
      name: TRACKER_NAME_TOO_LONG_MESSAGE,
    });
  });

  it('wants exactly two trackers for a scatter chart', () => {
    const scatter = changeChartType({ ...newChartDraft(), name: 'S' }, 'scatter');
    expect(checkChartDraft({ ...scatter, trackerIds: ['a'] })).toEqual({
      trackerIds: SCATTER_TRACKERS_MESSAGE,
    });
    expect(checkChartDraft({ ...scatter, trackerIds: ['a', 'b'] })).toEqual({});
  });
});

describe('toChartBody', () => {
  it('trims the name and leaves the place to the server', () => {
    const body = toChartBody({ ...newChartDraft(), name: ' Weight ', trackerIds: ['a'] });
    expect(body).toEqual({
      name: 'Weight',
      chartType: 'timeSeries',
      config: { trackerIds: ['a'], timeRange: '30d', aggregation: 'avg', colorScheme: 'default' },
    });
  });
});

describe('readChartServerErrors', () => {
  const refusal = (status: number, issues: { path: (string | number)[]; message: string }[]) =>
    new HttpError({ status, statusText: '', body: { error: 'Invalid input', issues } });

  it('puts config issues beside the field of the same name', () => {
    const errors = readChartServerErrors(
      refusal(400, [
        { path: ['body', 'config', 'aggregation'], message: 'Invalid aggregation for chart type bar' },
        { path: ['name'], message: TRACKER_NAME_REQUIRED_MESSAGE },
        { path: ['body', 'config', 'trackerIds', 0], message: 'Invalid id' },
      ]),
    );
    expect(errors).toEqual({
      aggregation: 'Invalid aggregation for chart type bar',
      name: TRACKER_NAME_REQUIRED_MESSAGE,
      trackerIds: 'Invalid id',
    });
  });

  it('takes a missing tracker as a trackers issue, and leaves anything else to a toast', () => {
    expect(readChartServerErrors(refusal(404, [])).trackerIds).toBeDefined();
    expect(readChartServerErrors(refusal(500, []))).toEqual({});
    expect(readChartServerErrors(new Error('offline'))).toEqual({});
  });
});
