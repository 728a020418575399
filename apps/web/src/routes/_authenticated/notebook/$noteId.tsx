import type { Attachment } from '@cairn/contracts/attachments';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  downloadAttachment,
  getAttachmentContentUrl,
} from '../../../features/attachments/api/attachment-content';
import { useUploadAttachmentMutation } from '../../../features/attachments/api/upload-attachment';
import { AttachmentsPanel } from '../../../features/attachments/components/attachments-panel';
import { noteDetailQueryOptions } from '../../../features/notes/api/get-note';
import { NoteNotFound, NotePage } from '../../../features/notes/editor/note-page';
import type { AttachmentAccess } from '../../../features/notes/editor/note-preview';
import { showErrorToast } from '../../../lib/error-toast';
import { isHttpError } from '../../../lib/errors';
import { isUuid } from '../../../lib/is-uuid';

export const Route = createFileRoute('/_authenticated/notebook/$noteId')({
  // The editor (CodeMirror) is the heaviest screen: it and its loader load only when a note is opened.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    // A malformed id cannot name a note; the API would refuse it as invalid input.
    if (!isUuid(params.noteId)) throw notFound();
    try {
      const note = await context.queryClient.ensureQueryData(noteDetailQueryOptions(params.noteId));
      return { title: note.title };
    } catch (error) {
      // Another user's note answers 404 exactly like one that never existed.
      if (isHttpError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title || 'Untitled'} · Notebook · Cairn` }] }),
  notFoundComponent: NoteNotFound,
  component: NoteRoute,
});

const attachmentAccess: AttachmentAccess = {
  resolveAttachmentUrl: getAttachmentContentUrl,
  downloadAttachment: (attachmentId, fileName) =>
    void downloadAttachment(attachmentId, fileName).catch((error: unknown) =>
      showErrorToast(error, `Could not download ${fileName}`),
    ),
};

function NoteRoute() {
  const { noteId } = Route.useParams();
  const upload = useUploadAttachmentMutation();
  const { mutateAsync } = upload;
  const owner = useMemo(() => ({ noteId }), [noteId]);
  const uploadFile = useCallback(
    (file: File): Promise<Attachment> => mutateAsync({ owner, file }),
    [mutateAsync, owner],
  );

  return (
    <NotePage
      key={noteId}
      noteId={noteId}
      attachments={attachmentAccess}
      uploadFile={uploadFile}
      renderAttachmentsPanel={(insertAttachment) => (
        <AttachmentsPanel noteId={noteId} onInsert={insertAttachment} />
      )}
    />
  );
}
