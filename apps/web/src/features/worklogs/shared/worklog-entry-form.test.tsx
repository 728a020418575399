import type { CreateWorklogBody, WorklogCategory, WorklogProject } from '@cairn/contracts/worklogs';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/errors';
import { emptyWorklogDraft, type WorklogDraft } from '../utils/worklog-draft';
import type { WorklogLookups } from './use-worklog-lookups';
import { WorklogEntryForm } from './worklog-entry-form';

afterEach(cleanup);

const at = new Date(Date.UTC(2026, 10, 16));
const project = (id: string, name: string, endedAt: Date | null = null): WorklogProject => ({
  id,
  name,
  client: null,
  endedAt,
  csvExportConfig: { columns: [], defaultFilename: 'x', lastUsedPreset: null, presets: [] },
  createdAt: at,
  updatedAt: at,
});
const ACME = project('0190a5c4-4444-7000-8000-000000000001', 'Acme');
const OLD = project('0190a5c4-4444-7000-8000-000000000002', 'Old', at);
const DEV: WorklogCategory = {
  id: '0190a5c4-4444-7000-8000-000000000003',
  name: 'Development',
  breaksMultiplier: '1.150000',
  createdAt: at,
  updatedAt: at,
};
const lookups: WorklogLookups = {
  projects: [ACME, OLD],
  activeProjects: [ACME],
  categories: [DEV],
  projectById: new Map([
    [ACME.id, ACME],
    [OLD.id, OLD],
  ]),
  categoryById: new Map([[DEV.id, DEV]]),
  clients: [],
};

function renderForm(
  onSubmit: (body: CreateWorklogBody) => Promise<unknown>,
  initial: Partial<WorklogDraft> = {},
) {
  render(
    <WorklogEntryForm
      lookups={lookups}
      initialDraft={emptyWorklogDraft({ projectId: ACME.id, workDate: '2026-11-16', ...initial })}
      label="Add time"
      submitLabel="Add"
      onSubmit={onSubmit}
      nextDraft={(saved, body) =>
        emptyWorklogDraft({ ...saved, start: body.endTime ?? '', end: '', duration: '', description: '' })
      }
      savedMessage={() => 'Added.'}
    />,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('WorklogEntryForm', () => {
  it('saves on Enter from any field, then starts the next entry where this one ended', async () => {
    const onSubmit = vi.fn((_body: CreateWorklogBody) => Promise.resolve());
    renderForm(onSubmit);

    await userEvent.selectOptions(field('Category'), DEV.id);
    await userEvent.type(field('Start'), '830');
    await userEvent.type(field('End'), '10');
    // The derived duration is shown where it would be typed.
    expect(field('Duration').placeholder).toBe('1h30');
    await userEvent.type(field('Description'), 'Review{Enter}');

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      projectId: ACME.id,
      categoryId: DEV.id,
      startTime: '08:30',
      endTime: '10:00',
      crossesMidnight: false,
      description: 'Review',
    });
    expect(await screen.findByText('Added.')).toBeTruthy();
    expect(field('Start').value).toBe('10:00');
    expect(field('Description').value).toBe('');
  });

  it('says what is wrong beside the field and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);

    await userEvent.type(field('Start'), '25:00{Enter}');

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a time such as 8:30')).toBeTruthy();
    expect(field('Start').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows what the server refused beside the field it names', async () => {
    const refusal = new HttpError({
      status: 400,
      statusText: 'Bad Request',
      body: {
        error: 'Invalid input',
        code: 'VALIDATION_FAILED',
        issues: [{ path: ['body', 'endTime'], message: 'End time is before start time' }],
      },
    });
    renderForm(() => Promise.reject(refusal));

    await userEvent.type(field('Duration'), '1h{Enter}');

    expect(await screen.findByText('End time is before start time')).toBeTruthy();
    expect(field('End').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers live projects, and an ended one only to the entry already on it', () => {
    renderForm(() => Promise.resolve(), { projectId: OLD.id });
    const options = [...(field('Project') as unknown as HTMLSelectElement).options].map(
      (option) => option.text,
    );
    expect(options).toEqual(['Acme', 'Old (ended)']);
  });
});
