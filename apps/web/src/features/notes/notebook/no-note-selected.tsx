import { useSearch } from '@tanstack/react-router';
import { NotebookPenIcon, PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useNewNote } from './note-list';
import { notebookSearchSchema } from './notebook-search';

/** The editor pane with no note open. */
export function NoNoteSelected() {
  const search = notebookSearchSchema(useSearch({ strict: false }));
  const newNote = useNewNote(search);
  return (
    <div className="grid flex-1 place-content-center justify-items-center gap-3 p-8 text-center">
      <NotebookPenIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-medium">Select a note or create one</p>
      <p className="max-w-xs text-sm text-muted-foreground">
        Pick a note from the list to read and edit it, or start a new one here.
      </p>
      {search.filter !== 'trash' && (
        <Button size="sm" variant="outline" onClick={newNote.create} disabled={newNote.isPending}>
          <PlusIcon aria-hidden />
          New note
        </Button>
      )}
    </div>
  );
}
