import { createFileRoute } from '@tanstack/react-router';
import { NoNoteSelected } from '../../../features/notes/notebook/no-note-selected';

export const Route = createFileRoute('/_authenticated/notebook/')({
  component: NoNoteSelected,
});
