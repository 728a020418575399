import type { Attachment } from '@cairn/contracts/attachments';
import { useQuery } from '@tanstack/react-query';
import {
  DownloadIcon,
  FileIcon,
  FileTextIcon,
  ImageIcon,
  ImagePlusIcon,
  Trash2Icon,
  UploadIcon,
} from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { showErrorToast } from '../../../lib/error-toast';
import { downloadAttachment, getAttachmentContentUrl } from '../api/attachment-content';
import { useDeleteAttachmentMutation } from '../api/delete-attachment';
import { type AttachmentOwner, attachmentsQueryOptions } from '../api/get-attachments';
import { checkAttachmentSize, useUploadAttachmentMutation } from '../api/upload-attachment';
import { formatFileSize, isImageAttachment } from '../utils/attachment-files';

type AttachmentsPanelProps = AttachmentOwner & {
  /** Offered on each file when given: puts a reference to it into the text being edited. */
  onInsert?: (attachment: Attachment) => void;
  insertLabel?: string;
};

interface UploadInProgress {
  key: number;
  fileName: string;
  /** 0 to 1. */
  progress: number;
}

/** The files of a note or a task: drop them or choose them, watch them go up, download or delete them. */
export function AttachmentsPanel({
  onInsert,
  insertLabel = 'Insert into note',
  ...ownerProps
}: AttachmentsPanelProps) {
  const owner: AttachmentOwner = ownerProps.noteId
    ? { noteId: ownerProps.noteId }
    : { taskId: ownerProps.taskId ?? '' };
  const list = useQuery(attachmentsQueryOptions(owner));
  const upload = useUploadAttachmentMutation();
  const [uploads, setUploads] = useState<UploadInProgress[]>([]);
  const [isDragOver, setIsDragOver] = useState(false);
  const nextKey = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  function startUploads(files: Iterable<File>) {
    for (const file of files) {
      try {
        checkAttachmentSize(file);
      } catch (error) {
        showErrorToast(error);
        continue;
      }
      const key = nextKey.current++;
      setUploads((current) => [...current, { key, fileName: file.name, progress: 0 }]);
      upload.mutate(
        {
          owner,
          file,
          onProgress: (progress) =>
            setUploads((current) => current.map((item) => (item.key === key ? { ...item, progress } : item))),
        },
        { onSettled: () => setUploads((current) => current.filter((item) => item.key !== key)) },
      );
    }
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    // The editor beside the panel must not take the same drop.
    event.stopPropagation();
    setIsDragOver(false);
    startUploads(event.dataTransfer.files);
  }

  const items = list.data?.items ?? [];

  return (
    <div className="grid gap-3">
      <fieldset
        onDragEnter={(event) => {
          if (event.dataTransfer.types.includes('Files')) setIsDragOver(true);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragOver(false);
        }}
        onDrop={onDrop}
        data-testid="attachments-drop-zone"
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm text-muted-foreground transition-colors',
          isDragOver && 'border-primary bg-accent text-accent-foreground',
        )}
      >
        <legend className="sr-only">Upload files</legend>
        <UploadIcon className="size-5" aria-hidden />
        <p id={hintId}>Drop files here, up to 5 MB each.</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Upload files"
          onChange={(event) => {
            if (event.target.files) startUploads(Array.from(event.target.files));
            // The same file may be chosen again later.
            event.target.value = '';
          }}
        />
        <Button
          size="sm"
          variant="outline"
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          Choose files
        </Button>
      </fieldset>

      {uploads.length > 0 && (
        <ul aria-label="Uploads in progress" className="grid gap-2">
          {uploads.map((item) => {
            const percent = Math.round(item.progress * 100);
            return (
              <li key={item.key} className="grid gap-1 text-sm">
                <span className="flex justify-between gap-2">
                  <span className="truncate">{item.fileName}</span>
                  <span className="text-muted-foreground tabular-nums">{percent}%</span>
                </span>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${item.fileName}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-1.5 overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {list.isPending ? (
        <div role="status" aria-label="Loading attachments" className="grid gap-2">
          <div className="h-12 animate-pulse rounded-md bg-muted" />
          <div className="h-12 animate-pulse rounded-md bg-muted" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive">The files could not be loaded.</span>
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        uploads.length === 0 && <p className="text-sm text-muted-foreground">No files yet.</p>
      ) : (
        <ul aria-label="Files" className="grid gap-2">
          {items.map((attachment) => (
            <AttachmentRow
              key={attachment.id}
              attachment={attachment}
              owner={owner}
              onInsert={onInsert}
              insertLabel={insertLabel}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function AttachmentRow({
  attachment,
  owner,
  onInsert,
  insertLabel,
}: {
  attachment: Attachment;
  owner: AttachmentOwner;
  onInsert: ((attachment: Attachment) => void) | undefined;
  insertLabel: string;
}) {
  const remove = useDeleteAttachmentMutation(owner);
  const [isConfirming, setIsConfirming] = useState(false);
  const name = attachment.originalFileName;

  return (
    <li className="flex items-center gap-3 rounded-md border bg-card p-2 text-sm">
      <AttachmentThumbnail attachment={attachment} />
      <div className="grid min-w-0 flex-1">
        <span className="truncate font-medium" title={name}>
          {name}
        </span>
        <span className="text-xs text-muted-foreground">{formatFileSize(attachment.fileSize)}</span>
      </div>
      <div className="flex shrink-0 items-center">
        {onInsert && (
          <Button
            size="icon"
            variant="ghost"
            className="size-9"
            aria-label={`${insertLabel}: ${name}`}
            title={insertLabel}
            onClick={() => onInsert(attachment)}
          >
            <ImagePlusIcon aria-hidden />
          </Button>
        )}
        <Button
          size="icon"
          variant="ghost"
          className="size-9"
          aria-label={`Download ${name}`}
          title="Download"
          onClick={() =>
            downloadAttachment(attachment.id, name).catch((error: unknown) =>
              showErrorToast(error, `Could not download ${name}`),
            )
          }
        >
          <DownloadIcon aria-hidden />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-9 text-destructive hover:text-destructive"
          aria-label={`Delete ${name}`}
          title="Delete"
          onClick={() => setIsConfirming(true)}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title="Delete this file?"
        description={`“${name}” will be deleted for good. Notes that show it will show it no more.`}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(attachment.id)}
      />
    </li>
  );
}

function AttachmentThumbnail({ attachment }: { attachment: Attachment }) {
  const isImage = isImageAttachment(attachment);
  const [url, setUrl] = useState<string>();

  useEffect(() => {
    if (!isImage) return;
    let isCurrent = true;
    getAttachmentContentUrl(attachment.id).then(
      (value) => isCurrent && setUrl(value),
      // The icon stays; the list is still usable.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [attachment.id, isImage]);

  const Icon = isImage ? ImageIcon : attachment.mimeType === 'application/pdf' ? FileTextIcon : FileIcon;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
      {url ? (
        <img src={url} alt="" className="size-full object-cover" />
      ) : (
        <Icon className="size-5 text-muted-foreground" aria-hidden />
      )}
    </span>
  );
}
