import type { CsvColumnConfig, CsvExportConfig, WorklogProject } from '@cairn/contracts/worklogs';
import { DownloadIcon, LoaderCircleIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { loadToasts } from '../../../lib/toasts';
import { type SessionFetch, useExportWorklogsMutation } from '../api/export-worklogs';
import { useUpdateCsvExportConfigMutation } from '../api/update-csv-export-config';
import { projectLabel, type WorklogLookups } from '../shared/use-worklog-lookups';
import { endOfMonth, isCalendarDay, startOfMonth } from '../utils/calendar-days';
import {
  deletePreset,
  findFileNameProblem,
  findLabelProblem,
  findPresetNameProblem,
  isSameColumns,
  isSameConfig,
  normalizeConfig,
  previewFileName,
  savePreset,
  sortColumns,
} from '../utils/export-columns';
import { readLastUsed } from '../utils/last-used';
import { ColumnEditor } from './column-editor';

interface ExportDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  lookups: WorklogLookups;
  today: string;
  /** The list's filters, which the export starts from. */
  defaults: { projectId?: string; from?: string; to?: string };
  fetchWithSession: SessionFetch;
}

/** A preset's columns with any column it lacks added at the end, left out of the file. */
function completeColumns(
  columns: readonly CsvColumnConfig[],
  base: readonly CsvColumnConfig[],
): CsvColumnConfig[] {
  const present = new Set(columns.map((column) => column.key));
  const missing = sortColumns(base)
    .filter((column) => !present.has(column.key))
    .map((column) => ({ ...column, enabled: false }));
  return sortColumns([
    ...sortColumns(columns),
    ...missing.map((column, index) => ({ ...column, order: 1000 + index })),
  ]);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A project's entries in a range as CSV, with the project's columns, presets and file name. */
export function ExportDialog({
  isOpen,
  onOpenChange,
  lookups,
  today,
  defaults,
  fetchWithSession,
}: ExportDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Export to CSV"
      description="Choose the project and days, then the columns: their order, headers and which to include. Each project remembers its own."
      className="sm:max-w-2xl"
      // A drag or a half-typed header must not be lost to a stray click outside.
      onInteractOutside={(event) => event.preventDefault()}
    >
      {isOpen && (
        <ExportContent
          lookups={lookups}
          today={today}
          defaults={defaults}
          fetchWithSession={fetchWithSession}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ExportContent({
  lookups,
  today,
  defaults,
  fetchWithSession,
  onDone,
}: Omit<ExportDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const id = useId();
  const lastUsed = readLastUsed()?.projectId;
  const firstProject =
    (defaults.projectId && lookups.projectById.get(defaults.projectId)) ||
    (lastUsed && lookups.projectById.get(lastUsed)) ||
    lookups.activeProjects[0] ||
    lookups.projects[0];
  const [projectId, setProjectId] = useState(firstProject?.id ?? '');
  const [from, setFrom] = useState(defaults.from ?? startOfMonth(today));
  const [to, setTo] = useState(defaults.to ?? (defaults.from ? today : endOfMonth(today)));
  const project = lookups.projectById.get(projectId);
  const rangeProblem =
    !isCalendarDay(from) || !isCalendarDay(to)
      ? 'Choose both days'
      : from > to
        ? 'The range ends before it starts'
        : null;

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-project`} className="text-sm font-medium">
            Project
          </label>
          <NativeSelect
            id={`${id}-project`}
            className="w-full [&_select]:h-10"
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
          >
            {lookups.projects.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {projectLabel(entry)}
                {entry.endedAt ? ' (ended)' : ''}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">
            From
          </label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-to`} className="text-sm font-medium">
            To
          </label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        {rangeProblem && (
          <p role="alert" className="text-sm text-destructive sm:col-span-3">
            {rangeProblem}
          </p>
        )}
      </div>
      {project && (
        <ProjectExportSettings
          key={project.id}
          project={project}
          from={from}
          to={to}
          rangeProblem={rangeProblem}
          fetchWithSession={fetchWithSession}
          onDone={onDone}
        />
      )}
    </div>
  );
}

function initialState(saved: CsvExportConfig): { working: CsvExportConfig; preset: string } {
  const last = saved.presets.find((preset) => preset.name === saved.lastUsedPreset);
  return last
    ? { working: { ...saved, columns: completeColumns(last.columns, saved.columns) }, preset: last.name }
    : { working: { ...saved, columns: sortColumns(saved.columns) }, preset: '' };
}

function ProjectExportSettings({
  project,
  from,
  to,
  rangeProblem,
  fetchWithSession,
  onDone,
}: {
  project: WorklogProject;
  from: string;
  to: string;
  rangeProblem: string | null;
  fetchWithSession: SessionFetch;
  onDone: () => void;
}) {
  const id = useId();
  const saved = project.csvExportConfig;
  const [state, setState] = useState(() => initialState(saved));
  const [presetName, setPresetName] = useState('');
  const [presetProblem, setPresetProblem] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [progress, setProgress] = useState<number>();
  const saveConfig = useUpdateCsvExportConfigMutation();
  const download = useExportWorklogsMutation(fetchWithSession);
  const { working, preset } = state;
  const chosenPreset = working.presets.find((entry) => entry.name === preset);
  const isPresetChanged = chosenPreset !== undefined && !isSameColumns(chosenPreset.columns, working.columns);
  const isDirty = !isSameConfig(working, saved);
  const fileNameProblem = findFileNameProblem(working.defaultFilename);
  const hasLabelProblem = working.columns.some((column) => findLabelProblem(column.label) !== null);
  const enabledCount = working.columns.filter((column) => column.enabled).length;
  const isBusy = saveConfig.isPending || download.isPending;

  const setWorking = (change: (current: CsvExportConfig) => CsvExportConfig) =>
    setState((current) => ({ ...current, working: change(current.working) }));

  function choosePreset(name: string) {
    const found = working.presets.find((entry) => entry.name === name);
    setState((current) => ({
      preset: found ? found.name : '',
      working: found
        ? { ...current.working, columns: completeColumns(found.columns, current.working.columns) }
        : { ...current.working, columns: sortColumns(saved.columns) },
    }));
  }

  function saveAsPreset() {
    const problem = findPresetNameProblem(presetName, working.presets);
    setPresetProblem(problem);
    if (problem) return;
    const name = presetName.trim();
    setState((current) => ({
      preset: name,
      working: savePreset(current.working, name, current.working.columns),
    }));
    setPresetName('');
  }

  /** Saves what changed; answers false when something must be fixed first. */
  async function save(): Promise<boolean> {
    setShowProblems(true);
    if (fileNameProblem || hasLabelProblem) return false;
    if (!isDirty) return true;
    await saveConfig.mutateAsync({ projectId: project.id, config: normalizeConfig(working) });
    return true;
  }

  async function startDownload() {
    if (rangeProblem || enabledCount === 0) {
      setShowProblems(true);
      return;
    }
    if (!(await save())) return;
    setProgress(0);
    try {
      const result = await download.mutateAsync({
        query: {
          projectId: project.id,
          from,
          to,
          ...(chosenPreset && !isPresetChanged && { preset: chosenPreset.name }),
        },
        fallbackFileName: previewFileName(working.defaultFilename, from, to),
        onProgress: setProgress,
      });
      void loadToasts().then(({ toast }) => toast.success(`Downloaded ${result.fileName}`));
      onDone();
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <>
      <section aria-labelledby={`${id}-columns`} className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={`${id}-columns`} className="text-base font-semibold">
            Columns
          </h3>
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-preset`} className="text-xs font-medium text-muted-foreground">
                Preset
              </label>
              <NativeSelect
                id={`${id}-preset`}
                className="w-52"
                value={preset}
                disabled={isBusy}
                onChange={(event) => choosePreset(event.target.value)}
              >
                <option value="">The project's columns</option>
                {working.presets.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {entry.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {chosenPreset && (
              <Button
                variant="ghost"
                size="sm"
                disabled={isBusy}
                aria-label={`Delete the preset “${chosenPreset.name}”`}
                onClick={() =>
                  setState((current) => ({
                    preset: '',
                    working: deletePreset(current.working, chosenPreset.name),
                  }))
                }
              >
                <Trash2Icon aria-hidden />
                Delete preset
              </Button>
            )}
          </div>
        </div>
        {isPresetChanged && (
          <p className="text-xs text-muted-foreground">
            Changed from “{chosenPreset?.name}”: save it again under that name to keep the change in the
            preset.
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          Drag a handle, or press Space on it and move with the arrow keys, to change the order.
        </p>
        <ColumnEditor
          columns={working.columns}
          isDisabled={isBusy}
          onChange={(columns) => setWorking((current) => ({ ...current, columns }))}
        />
        {showProblems && enabledCount === 0 && (
          <p role="alert" className="text-sm text-destructive">
            Include at least one column.
          </p>
        )}
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-preset-name`} className="text-xs font-medium text-muted-foreground">
            Save these columns as a preset
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-preset-name`}
              value={presetName}
              placeholder={chosenPreset?.name ?? 'Preset name'}
              maxLength={100}
              autoComplete="off"
              aria-invalid={presetProblem ? true : undefined}
              aria-describedby={presetProblem ? `${id}-preset-problem` : undefined}
              onChange={(event) => {
                setPresetName(event.target.value);
                setPresetProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  saveAsPreset();
                }
              }}
            />
            <Button variant="outline" disabled={isBusy} onClick={saveAsPreset}>
              <SaveIcon aria-hidden />
              Save preset
            </Button>
          </div>
          {presetProblem && (
            <p id={`${id}-preset-problem`} className="text-xs text-destructive">
              {presetProblem}
            </p>
          )}
        </div>
      </section>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-file-name`} className="text-sm font-medium">
          File name
        </label>
        <Input
          id={`${id}-file-name`}
          value={working.defaultFilename}
          maxLength={100}
          autoComplete="off"
          disabled={isBusy}
          aria-invalid={showProblems && fileNameProblem ? true : undefined}
          aria-describedby={`${id}-file-name-hint`}
          onChange={(event) => setWorking((current) => ({ ...current, defaultFilename: event.target.value }))}
        />
        <p
          id={`${id}-file-name-hint`}
          className={
            showProblems && fileNameProblem ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'
          }
        >
          {showProblems && fileNameProblem
            ? fileNameProblem
            : `Saved as ${previewFileName(working.defaultFilename, from, to)}`}
        </p>
      </div>
      {/* Stays in view at the bottom of the dialog, however long the column list. */}
      <div className="sticky -bottom-4 -mx-4 -mb-4 flex flex-wrap items-center justify-end gap-2 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <p role="status" className="mr-auto text-sm text-muted-foreground">
          {progress !== undefined
            ? `Downloading… ${formatBytes(progress)}`
            : isDirty
              ? 'Unsaved changes are saved with the download.'
              : ''}
        </p>
        <Button
          variant="outline"
          disabled={isBusy || !isDirty}
          onClick={() => void save().catch(() => undefined)}
        >
          {saveConfig.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          Save settings
        </Button>
        <Button disabled={isBusy} onClick={() => void startDownload().catch(() => undefined)}>
          {download.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <DownloadIcon aria-hidden />
          )}
          {download.isPending ? 'Downloading…' : 'Download'}
        </Button>
      </div>
    </>
  );
}
