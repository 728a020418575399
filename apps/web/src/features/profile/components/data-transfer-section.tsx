import { type ImportSource, type ImportSummary, importSources } from '@cairn/contracts/data-transfer';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { isHttpError } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { type ExportProgress, useExportUserDataMutation } from '../api/export-user-data';
import { useImportUserDataMutation } from '../api/import-user-data';
import type { SessionFetch, SessionSend } from '../api/session-transport';
import { describeTransfer } from '../utils/download-file';

const sourceLabels: Record<ImportSource, string> = {
  cairn: 'Cairn export (.zip)',
  todoist: 'Todoist CSV',
  toggl: 'Toggl Track detailed CSV',
};

interface DataTransferSectionProps {
  fetchWithSession: SessionFetch;
  sendWithSession: SessionSend;
}

/** Everything the account owns as one file, and files from Cairn, Todoist or Toggl Track read back in. */
export function DataTransferSection({ fetchWithSession, sendWithSession }: DataTransferSectionProps) {
  const id = useId();
  const [isImportOpen, setIsImportOpen] = useState(false);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Export and import</CardTitle>
        <CardDescription>
          Download everything in your account as one zip file: tasks, notes, money, trackers, work logs,
          attachments and settings. Import a Cairn export, or a CSV export from Todoist or Toggl Track.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ExportControl fetchWithSession={fetchWithSession} />
        <div>
          <Button variant="outline" onClick={() => setIsImportOpen(true)}>
            <UploadIcon aria-hidden />
            Import data…
          </Button>
        </div>
        <ImportDialog
          isOpen={isImportOpen}
          onOpenChange={setIsImportOpen}
          sendWithSession={sendWithSession}
        />
      </CardContent>
    </Card>
  );
}

function todayStamp(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function ExportControl({ fetchWithSession }: { fetchWithSession: SessionFetch }) {
  const id = useId();
  const exportData = useExportUserDataMutation();
  const [progress, setProgress] = useState<ExportProgress>();

  function onExport() {
    setProgress({ received: 0, total: undefined });
    exportData.mutate(
      { fetchWithSession, onProgress: setProgress, fallbackFileName: `cairn-export-${todayStamp()}.zip` },
      {
        onSuccess: ({ fileName }) => toast.success(`Your data was saved as ${fileName}.`),
        onSettled: () => setProgress(undefined),
      },
    );
  }

  const percent =
    progress?.total !== undefined
      ? Math.min(100, Math.round((progress.received / progress.total) * 100))
      : null;

  return (
    <div className="grid justify-items-start gap-2">
      <Button
        onClick={onExport}
        disabled={exportData.isPending}
        aria-describedby={progress ? `${id}-progress` : undefined}
      >
        <DownloadIcon aria-hidden />
        {exportData.isPending ? 'Preparing your data…' : 'Download my data'}
      </Button>
      {exportData.isPending && progress && (
        <div className="grid w-full max-w-sm gap-1 text-sm">
          <div
            role="progressbar"
            aria-label="Downloading your data"
            aria-valuemin={0}
            aria-valuemax={100}
            {...(percent !== null && { 'aria-valuenow': percent })}
            aria-valuetext={describeTransfer(progress.received, progress.total)}
            className="h-1.5 overflow-hidden rounded-full bg-muted"
          >
            {percent === null ? (
              // No size given: a moving stripe says it is working, the text counts the bytes.
              <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
            ) : (
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            )}
          </div>
          <span id={`${id}-progress`} className="text-muted-foreground tabular-nums">
            {describeTransfer(progress.received, progress.total)}
          </span>
        </div>
      )}
    </div>
  );
}

/** The source a file most likely comes from, by its name: a zip is a Cairn export. */
function guessSource(file: File, current: ImportSource): ImportSource {
  const name = file.name.toLowerCase();
  if (name.endsWith('.zip')) return 'cairn';
  if (name.endsWith('.csv') && current === 'cairn') return 'todoist';
  return current;
}

/** What went wrong, with the lines of the file the server pointed at. */
function describeImportError(error: unknown): string[] {
  const message = getErrorToastMessage(error, 'The file could not be imported');
  const lines = message === null ? [] : [message];
  if (isHttpError(error)) {
    for (const issue of error.issues.slice(0, 5)) {
      if (!lines.includes(issue.message)) lines.push(issue.message);
    }
  }
  return lines;
}

interface ImportDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  sendWithSession: SessionSend;
}

function ImportDialog({ isOpen, onOpenChange, sendWithSession }: ImportDialogProps) {
  const id = useId();
  const [file, setFile] = useState<File>();
  const [source, setSource] = useState<ImportSource>('cairn');
  const [summary, setSummary] = useState<ImportSummary>();
  const [sent, setSent] = useState<number>();
  const importData = useImportUserDataMutation();
  const abort = useRef<AbortController>(undefined);

  function reset() {
    abort.current?.abort();
    setFile(undefined);
    setSummary(undefined);
    setSent(undefined);
    importData.reset();
  }

  function onDialogOpenChange(open: boolean) {
    if (!open) reset();
    onOpenChange(open);
  }

  function run(isDryRun: boolean) {
    if (!file) return;
    abort.current = new AbortController();
    setSent(0);
    importData.mutate(
      { sendWithSession, file, source, isDryRun, onProgress: setSent, signal: abort.current.signal },
      {
        onSuccess: (result) => {
          if (result.isDryRun) {
            setSummary(result);
            return;
          }
          const added = result.counts
            .filter((count) => count.count > 0)
            .map((count) => `${count.count} ${count.label.toLowerCase()}`)
            .join(', ');
          toast.success(added ? `Imported ${added}.` : 'Imported. The file held nothing new.');
          onDialogOpenChange(false);
        },
        onSettled: () => setSent(undefined),
      },
    );
  }

  const errorLines = importData.isError ? describeImportError(importData.error) : [];
  const percent = sent === undefined ? null : Math.round(sent * 100);

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onDialogOpenChange}
      title="Import data"
      description="The file is checked first: you see what it would add before anything changes. An import adds to what you have."
      className="sm:max-w-lg"
      // A click beside the dialog must not lose a checked file.
      onInteractOutside={(event) => event.preventDefault()}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          run(summary === undefined);
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            File
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".zip,.csv"
            disabled={importData.isPending}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-accent"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              setFile(chosen);
              if (chosen) setSource((current) => guessSource(chosen, current));
              setSummary(undefined);
              importData.reset();
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-source`} className="text-sm font-medium">
            Format
          </label>
          <NativeSelect
            id={`${id}-source`}
            value={source}
            disabled={importData.isPending}
            onChange={(event) => {
              const value = importSources.find((option) => option === event.target.value);
              if (value) setSource(value);
              setSummary(undefined);
              importData.reset();
            }}
          >
            {importSources.map((option) => (
              <option key={option} value={option}>
                {sourceLabels[option]}
              </option>
            ))}
          </NativeSelect>
        </div>

        {percent !== null && (
          <div className="grid gap-1 text-sm">
            <div
              role="progressbar"
              aria-label={`Uploading ${file?.name ?? 'the file'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <span className="text-muted-foreground tabular-nums">
              {percent < 100 ? `Uploading… ${percent}%` : 'Reading the file…'}
            </span>
          </div>
        )}

        {errorLines.length > 0 && (
          <div
            role="alert"
            className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            {errorLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}

        {summary && <ImportSummaryView summary={summary} />}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onDialogOpenChange(false)}>
            Cancel
          </Button>
          {summary ? (
            <Button type="submit" disabled={importData.isPending}>
              {importData.isPending ? 'Importing…' : 'Import'}
            </Button>
          ) : (
            <Button type="submit" disabled={!file || importData.isPending}>
              {importData.isPending ? 'Checking…' : 'Check file'}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const id = useId();
  const counts = summary.counts.filter((count) => count.count > 0);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border p-3 text-sm">
      <h3 id={`${id}-title`} className="font-semibold">
        The file would add
      </h3>
      {counts.length === 0 ? (
        <p className="text-muted-foreground">Nothing: the file holds no items.</p>
      ) : (
        <ul aria-label="Items to import" className="grid grid-cols-2 gap-x-4 gap-y-1">
          {counts.map((count) => (
            <li key={count.key} className="flex justify-between gap-2">
              <span>{count.label}</span>
              <span className="font-medium tabular-nums">{count.count}</span>
            </li>
          ))}
        </ul>
      )}
      {summary.conflicts.length > 0 && (
        <div className="grid gap-1">
          <h4 className="font-semibold">Worth a look first</h4>
          <ul aria-label="Conflicts" className="grid list-disc gap-1 pl-5 text-muted-foreground">
            {summary.conflicts.map((conflict, index) => (
              // Two conflicts may read the same; their place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>{conflict.message}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
