import type { Worklog } from '@cairn/contracts/worklogs';
import { describe, expect, it } from 'vitest';
import { draftFromWorklog, emptyWorklogDraft, readDraftTiming, readWorklogDraft } from './worklog-draft';

const PROJECT = '0190a5c4-3333-7000-8000-000000000001';
const CATEGORY = '0190a5c4-3333-7000-8000-000000000002';

const draft = (patch: Parameters<typeof emptyWorklogDraft>[0]) =>
  emptyWorklogDraft({ projectId: PROJECT, workDate: '2026-11-16', ...patch });

describe('readWorklogDraft', () => {
  it('sends start and end as typed, and no duration (the server derives it)', () => {
    expect(readWorklogDraft(draft({ start: '830', end: '10', description: ' Review ' }))).toEqual({
      body: {
        projectId: PROJECT,
        categoryId: null,
        workDate: '2026-11-16',
        startTime: '08:30',
        endTime: '10:00',
        crossesMidnight: false,
        description: 'Review',
        taskName: '',
        taskUrl: null,
        pullRequestUrl: null,
      },
    });
  });

  it('marks an end before the start as past midnight', () => {
    const { body } = readWorklogDraft(draft({ start: '22:30', end: '1:15' }));
    expect(body).toMatchObject({ startTime: '22:30', endTime: '01:15', crossesMidnight: true });
  });

  it('sends a duration alone when no time is given, clearing the times', () => {
    const { body } = readWorklogDraft(draft({ duration: '1h30', categoryId: CATEGORY }));
    expect(body).toMatchObject({
      duration: 90,
      startTime: null,
      endTime: null,
      crossesMidnight: false,
      categoryId: CATEGORY,
    });
  });

  it('finds the end from a start and a duration', () => {
    const { body } = readWorklogDraft(draft({ start: '23:00', duration: '90' }));
    expect(body).toMatchObject({ startTime: '23:00', endTime: '00:30', crossesMidnight: true });
    expect(body).not.toHaveProperty('duration');
  });

  it('finds the start from an end and a duration, unless it would fall on the day before', () => {
    expect(readWorklogDraft(draft({ end: '17:00', duration: '1:30' })).body).toMatchObject({
      startTime: '15:30',
      endTime: '17:00',
    });
    expect(readWorklogDraft(draft({ end: '00:30', duration: '1h' })).body).toMatchObject({
      startTime: null,
      endTime: null,
      duration: 60,
    });
  });

  it('says what is missing or wrong, field by field', () => {
    expect(readWorklogDraft(emptyWorklogDraft()).errors).toEqual({
      projectId: 'Choose a project',
      workDate: 'Enter a date',
      duration: 'Enter a duration, or start and end times',
    });
    expect(readWorklogDraft(draft({ start: '25:00', end: '9' })).errors).toEqual({
      start: 'Enter a time such as 8:30',
    });
    expect(readWorklogDraft(draft({ start: '9', end: '9:00' })).errors).toEqual({
      end: 'End must differ from start',
    });
    expect(readWorklogDraft(draft({ duration: 'soon' })).errors?.duration).toMatch(
      /^Enter a duration such as/,
    );
    expect(
      readWorklogDraft(
        draft({ duration: '1h', taskUrl: 'javascript:alert(1)', pullRequestUrl: 'github.com/x' }),
      ).errors,
    ).toEqual({
      taskUrl: 'Must be an http:// or https:// address',
      pullRequestUrl: 'Must be an http:// or https:// address',
    });
  });
});

describe('readDraftTiming', () => {
  it('previews what the fields come to as they are typed', () => {
    expect(readDraftTiming({ start: '', end: '', duration: '' })).toEqual({ kind: 'empty' });
    expect(readDraftTiming({ start: '9', end: '', duration: '' })).toEqual({ kind: 'empty' });
    expect(readDraftTiming({ start: '9', end: '12', duration: '' })).toMatchObject({
      kind: 'span',
      minutes: 180,
    });
    expect(readDraftTiming({ start: '9', end: 'x', duration: '' })).toEqual({ kind: 'invalid' });
  });
});

describe('draftFromWorklog', () => {
  const at = new Date(Date.UTC(2026, 10, 16));
  const saved: Worklog = {
    id: '0190a5c4-3333-7000-8000-000000000009',
    projectId: PROJECT,
    categoryId: null,
    taskId: null,
    taskName: 'CAIRN-17',
    taskUrl: 'https://example.com/17',
    pullRequestUrl: null,
    description: 'Timer',
    workDate: '2026-11-16',
    startTime: null,
    endTime: null,
    crossesMidnight: false,
    duration: 95,
    breaksMultiplier: '1',
    durationWithBreaks: '95',
    overlapsWith: [],
    createdAt: at,
    updatedAt: at,
  };

  it('fills the form so saving it unchanged sends the same entry', () => {
    const form = draftFromWorklog(saved);
    expect(form.duration).toBe('1h35');
    expect(readWorklogDraft(form).body).toMatchObject({
      duration: 95,
      taskName: 'CAIRN-17',
      taskUrl: 'https://example.com/17',
    });
  });

  it('leaves the duration to the times when the entry has both', () => {
    const form = draftFromWorklog({ ...saved, startTime: '22:30', endTime: '01:15', crossesMidnight: true });
    expect(form).toMatchObject({ start: '22:30', end: '01:15', duration: '' });
    expect(readWorklogDraft(form).body).toMatchObject({ crossesMidnight: true });
  });
});
