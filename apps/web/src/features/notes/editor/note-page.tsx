import type { Attachment } from '@cairn/contracts/attachments';
import type { NoteDetail } from '@cairn/contracts/notes';
import * as ToggleGroupPrimitive from '@radix-ui/react-toggle-group';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  ChevronRightIcon,
  FilePlusIcon,
  FileTextIcon,
  HistoryIcon,
  RotateCcwIcon,
  StarIcon,
  Trash2Icon,
} from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { MissingResource } from '../../../components/fallback/missing-resource';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { isHttpError } from '../../../lib/errors';
import { useArchiveNoteMutation } from '../api/archive-note';
import { useCreateNoteMutation } from '../api/create-note';
import { noteDetailQueryOptions } from '../api/get-note';
import { useRestoreNoteMutation } from '../api/restore-note';
import { useSetNoteFavoriteMutation } from '../api/set-note-favorite';
import { useTrashNoteMutation } from '../api/trash-note';
import { attachmentMarkdown } from './attachment-markdown';
import { ConflictDialog } from './conflict-dialog';
import { MarkdownEditor, type MarkdownEditorHandle } from './markdown-editor';
import { type AttachmentAccess, NotePreview } from './note-preview';
import { SaveStatusIndicator } from './save-status';
import { useNoteAutosave } from './use-note-autosave';

type ViewMode = 'edit' | 'split' | 'preview';

const viewModes: { value: ViewMode; label: string }[] = [
  { value: 'edit', label: 'Edit' },
  { value: 'split', label: 'Split' },
  { value: 'preview', label: 'Preview' },
];

/** A desktop starts with the editor and the preview together; a phone with the editor alone. */
const DESKTOP_QUERY = '(min-width: 1024px)';

export interface NotePageProps {
  noteId: string;
  /** Shows and downloads the note's attachments (their content needs the session's token). */
  attachments: AttachmentAccess;
  /** The attachments panel, given a way to put an attachment into the text at the cursor. */
  renderAttachmentsPanel: (insertAttachment: (attachment: Attachment) => void) => ReactNode;
  /** Uploads a file dropped or pasted into the editor to this note; shows its own failures. */
  uploadFile: (file: File) => Promise<Attachment>;
}

/** One note: title, Markdown editor with a live preview, autosave, child notes and attachments. */
export function NotePage(props: NotePageProps) {
  const detail = useQuery(noteDetailQueryOptions(props.noteId));

  if (detail.isPending) return <LoadingScreen isFullScreen={false} />;
  if (detail.isError) {
    if (isHttpError(detail.error) && detail.error.status === 404) return <NoteNotFound />;
    return (
      <div
        role="alert"
        className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
      >
        <h1 className="text-2xl font-semibold">The note could not be loaded</h1>
        <p className="text-muted-foreground">Check your connection and try again.</p>
        <Button onClick={() => void detail.refetch()}>Try again</Button>
      </div>
    );
  }
  return <NoteEditor key={detail.data.id} note={detail.data} {...props} />;
}

export function NoteNotFound() {
  return (
    <MissingResource
      title="This note does not exist or was deleted"
      message="The link may be old or mistyped, or the note was deleted for good. Notes you deleted recently may still be in the trash."
      actions={
        <Button asChild>
          <Link to="/notebook">Back to your notes</Link>
        </Button>
      }
    />
  );
}

function NoteEditor({
  note,
  attachments,
  renderAttachmentsPanel,
  uploadFile,
}: NotePageProps & { note: NoteDetail }) {
  const { saver, state, draft, restoreDraft, discardDraft } = useNoteAutosave(note);
  const editorRef = useRef<MarkdownEditorHandle>(null);
  // The text the editor holds, to tell its own changes from text put in from outside (theirs, a draft).
  const editorText = useRef(note.content);
  const [viewMode, setViewMode] = useState<ViewMode>(() =>
    window.matchMedia?.(DESKTOP_QUERY).matches ? 'split' : 'edit',
  );
  const [isConflictOpen, setIsConflictOpen] = useState(false);
  const [uploadsInProgress, setUploadsInProgress] = useState(0);
  const previewSource = useDeferredValue(state.fields.content);
  const isTrashed = note.deletedAt !== null;
  const titleId = useId();
  const statusKind = state.status.kind;

  // A newer version of the note (a favorite set, a refetch) moves the autosave's base on.
  useEffect(() => {
    saver.acceptServerVersion(note);
  }, [saver, note]);

  useEffect(() => {
    if (state.fields.content === editorText.current) return;
    editorText.current = state.fields.content;
    editorRef.current?.replaceText(state.fields.content);
  }, [state.fields.content]);

  useEffect(() => {
    if (statusKind === 'conflict') setIsConflictOpen(true);
  }, [statusKind]);

  async function uploadAndInsert(files: File[]) {
    setUploadsInProgress((count) => count + files.length);
    for (const file of files) {
      try {
        const attachment = await uploadFile(file);
        editorRef.current?.insertAtCursor(`${attachmentMarkdown(attachment)}\n`);
      } catch {
        // The uploader shows why in a toast; the other files still go up.
      } finally {
        setUploadsInProgress((count) => count - 1);
      }
    }
  }

  function insertAttachment(attachment: Attachment) {
    if (viewMode === 'preview') setViewMode('split');
    editorRef.current?.insertAtCursor(attachmentMarkdown(attachment));
  }

  return (
    // Sized by its pane, not the window (the notebook's list may sit beside it): container queries.
    <article
      aria-labelledby={titleId}
      className="@container mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6"
    >
      <header className="grid gap-3">
        <NoteBreadcrumbs note={note} />
        <h1 id={titleId} className="sr-only">
          {state.fields.title || 'Untitled'}
        </h1>
        <div className="flex flex-wrap items-start gap-2">
          {/* A text area one line high that grows with the title, so a long one wraps instead of scrolling. */}
          <textarea
            aria-label="Title"
            rows={1}
            value={state.fields.title}
            placeholder="Untitled"
            readOnly={isTrashed}
            maxLength={500}
            // A title is one line: a pasted line break becomes a space.
            onChange={(event) => saver.edit({ title: event.target.value.replace(/\r?\n/g, ' ') })}
            onBlur={() => void saver.flush()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                editorRef.current?.focus();
              }
            }}
            className="field-sizing-content min-w-0 flex-1 basis-40 resize-none rounded-md bg-transparent px-1 py-1 text-2xl font-semibold outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring @xl:text-3xl"
          />
          {!isTrashed && <NoteActions note={note} />}
        </div>
        <NoteStatusBanner note={note} />
        {draft && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-accent px-4 py-3 text-sm text-accent-foreground"
          >
            <HistoryIcon className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0 flex-1 basis-56">
              This note has text from{' '}
              {new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(draft.savedAt),
              )}{' '}
              that was never saved.
            </span>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={discardDraft}>
                Discard it
              </Button>
              <Button size="sm" onClick={restoreDraft}>
                Restore it
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ToggleGroupPrimitive.Root
            type="single"
            value={viewMode}
            onValueChange={(value) => value && setViewMode(value as ViewMode)}
            aria-label="View"
            className="inline-flex rounded-md border bg-muted p-0.5"
          >
            {viewModes.map((mode) => (
              <ToggleGroupPrimitive.Item
                key={mode.value}
                value={mode.value}
                className="rounded px-3 py-1 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
              >
                {mode.label}
              </ToggleGroupPrimitive.Item>
            ))}
          </ToggleGroupPrimitive.Root>
          <div className="flex min-w-0 items-center gap-3">
            {uploadsInProgress > 0 && (
              <span role="status" className="text-sm text-muted-foreground">
                Uploading {uploadsInProgress === 1 ? 'a file' : `${uploadsInProgress} files`}…
              </span>
            )}
            <SaveStatusIndicator
              status={state.status}
              onRetry={() => void saver.flush()}
              onResolveConflict={() => setIsConflictOpen(true)}
            />
          </div>
        </div>
      </header>

      {/* Side by side when the pane is wide enough, else the preview follows the editor. */}
      <div className={cn('grid min-w-0 gap-4', viewMode === 'split' && '@3xl:grid-cols-2')}>
        <div
          className={cn(
            'min-h-[50dvh] min-w-0 rounded-lg border bg-card focus-within:ring-2 focus-within:ring-ring',
            viewMode === 'preview' && 'hidden',
          )}
        >
          <MarkdownEditor
            ref={editorRef}
            label="Note content (Markdown)"
            initialText={note.content}
            isReadOnly={isTrashed}
            onChange={(text) => {
              editorText.current = text;
              saver.edit({ content: text });
            }}
            onBlur={() => void saver.flush()}
            onFiles={isTrashed ? undefined : (files) => void uploadAndInsert(files)}
          />
        </div>
        {viewMode !== 'edit' && (
          <section
            aria-label="Preview"
            data-testid="note-preview"
            className="min-h-[50dvh] min-w-0 overflow-x-auto rounded-lg border bg-background p-4 sm:p-6"
          >
            {previewSource.trim() ? (
              <NotePreview source={previewSource} attachments={attachments} />
            ) : (
              <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
            )}
          </section>
        )}
      </div>

      <div className="grid gap-6 @2xl:grid-cols-2">
        <ChildNotes note={note} isReadOnly={isTrashed} />
        <section aria-labelledby={`${titleId}-attachments`} className="grid content-start gap-3">
          <h2 id={`${titleId}-attachments`} className="text-base font-semibold">
            Attachments
          </h2>
          {renderAttachmentsPanel(insertAttachment)}
        </section>
      </div>

      {state.status.kind === 'conflict' && (
        <ConflictDialog
          isOpen={isConflictOpen}
          onOpenChange={setIsConflictOpen}
          mine={state.fields}
          theirs={state.status.theirs}
          onKeepMine={() => void saver.overwrite()}
          onTakeTheirs={() => saver.takeTheirs()}
          onMerge={(fields) => void saver.resolveWith(fields)}
        />
      )}
    </article>
  );
}

function NoteBreadcrumbs({ note }: { note: NoteDetail }) {
  if (note.breadcrumbs.length === 0) return null;
  return (
    <nav aria-label="Parent notes" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {note.breadcrumbs.map((ancestor) => (
          <li key={ancestor.id} className="flex min-w-0 items-center gap-1">
            <Link
              to="/notebook/$noteId"
              params={{ noteId: ancestor.id }}
              search
              className="max-w-48 truncate rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {ancestor.title || 'Untitled'}
            </Link>
            <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden />
          </li>
        ))}
        <li aria-current="page" className="min-w-0 max-w-48 truncate text-foreground">
          {note.title || 'Untitled'}
        </li>
      </ol>
    </nav>
  );
}

function ChildNotes({ note, isReadOnly }: { note: NoteDetail; isReadOnly: boolean }) {
  const create = useCreateNoteMutation();
  const navigate = useNavigate();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          Child notes
        </h2>
        {!isReadOnly && (
          <Button
            size="sm"
            variant="outline"
            disabled={create.isPending}
            onClick={() =>
              create.mutate(
                { parentId: note.id, folderId: note.folderId },
                {
                  onSuccess: (child) =>
                    void navigate({
                      to: '/notebook/$noteId',
                      params: { noteId: child.id },
                      search: true,
                    }),
                },
              )
            }
          >
            <FilePlusIcon aria-hidden />
            New child note
          </Button>
        )}
      </div>
      {note.children.length === 0 ? (
        <p className="text-sm text-muted-foreground">No child notes.</p>
      ) : (
        <ul className="grid gap-1">
          {note.children.map((child) => (
            <li key={child.id}>
              <Link
                to="/notebook/$noteId"
                params={{ noteId: child.id }}
                search
                className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="truncate">{child.title || 'Untitled'}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoteActions({ note }: { note: NoteDetail }) {
  const favorite = useSetNoteFavoriteMutation();
  const archive = useArchiveNoteMutation();
  const trash = useTrashNoteMutation();
  const navigate = useNavigate();

  return (
    <div className="flex items-center gap-1">
      <Button
        size="icon"
        variant="ghost"
        aria-pressed={note.isFavorite}
        aria-label={note.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
        title={note.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
        onClick={() => favorite.mutate({ noteId: note.id, isFavorite: !note.isFavorite })}
      >
        <StarIcon className={cn(note.isFavorite && 'fill-current text-amber-500')} aria-hidden />
      </Button>
      {note.archivedAt === null && (
        <Button
          size="icon"
          variant="ghost"
          aria-label="Archive"
          title="Archive"
          onClick={() => archive.mutate({ noteId: note.id, archive: true })}
        >
          <ArchiveIcon aria-hidden />
        </Button>
      )}
      <Button
        size="icon"
        variant="ghost"
        aria-label="Move to trash"
        title="Move to trash"
        onClick={() => {
          trash.mutate(note.id);
          void navigate({ to: '/notebook', search: true });
        }}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}

function StatusBanner({
  icon,
  children,
  action,
}: {
  icon: ReactNode;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/60 px-4 py-3 text-sm"
    >
      <span className="flex min-w-0 flex-1 basis-56 items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0">
        {icon}
        {children}
      </span>
      {action}
    </div>
  );
}

/** Says when the note is in the trash (read only) or the archive, with the way back. */
function NoteStatusBanner({ note }: { note: NoteDetail }) {
  const restore = useRestoreNoteMutation();
  const archive = useArchiveNoteMutation();

  if (note.deletedAt) {
    return (
      <StatusBanner
        icon={<Trash2Icon aria-hidden />}
        action={
          <Button size="sm" variant="outline" onClick={() => restore.mutate(note.id)}>
            <RotateCcwIcon aria-hidden />
            Restore
          </Button>
        }
      >
        This note is in the trash. Restore it to edit it again.
      </StatusBanner>
    );
  }
  if (note.archivedAt) {
    return (
      <StatusBanner
        icon={<ArchiveIcon aria-hidden />}
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => archive.mutate({ noteId: note.id, archive: false })}
          >
            <ArchiveRestoreIcon aria-hidden />
            Unarchive
          </Button>
        }
      >
        This note is archived and hidden from your notebook.
      </StatusBanner>
    );
  }
  return null;
}
