import type { Note } from '@cairn/contracts/notes';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { buildMergeDraft } from './merge-draft';
import type { NoteFields } from './note-saver';

interface ConflictDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  mine: NoteFields;
  theirs: Note;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onMerge: (fields: NoteFields) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const textAreaClass =
  'min-h-56 w-full resize-y rounded-md border border-input bg-background px-3 py-2 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background sm:min-h-80';

/**
 * The note changed elsewhere while this page had unsaved text. Nothing is lost whatever is chosen:
 * keeping mine overwrites theirs, taking theirs drops the local text only on request, and merging shows
 * both side by side with a text to finish by hand.
 */
export function ConflictDialog({
  isOpen,
  onOpenChange,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  onMerge,
}: ConflictDialogProps) {
  const [merged, setMerged] = useState<NoteFields | undefined>();
  const theirsId = useId();
  const mergedId = useId();
  const titleId = useId();

  function close() {
    setMerged(undefined);
    onOpenChange(false);
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      // A click beside the dialog must not throw away a merge in progress.
      onInteractOutside={(event) => event.preventDefault()}
      title={merged ? 'Merge the two versions' : 'This note was changed elsewhere'}
      description={
        merged
          ? 'Their version is shown read only. Edit the merged text: yours comes first, theirs follows in a marked block.'
          : `Another change was saved at ${timeFormat.format(theirs.updatedAt)}, after the version you were editing. Your text is kept until you choose.`
      }
      className={merged ? 'sm:max-w-5xl' : 'sm:max-w-lg'}
    >
      {merged ? (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onMerge(merged);
            close();
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor={titleId} className="text-sm font-medium">
              Title
            </label>
            <Input
              id={titleId}
              value={merged.title}
              onChange={(event) => setMerged({ ...merged, title: event.target.value })}
            />
            {theirs.title !== mine.title && (
              <p className="text-xs text-muted-foreground">Their title: “{theirs.title || 'Untitled'}”</p>
            )}
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <label htmlFor={theirsId} className="text-sm font-medium">
                Their version (read only)
              </label>
              <textarea
                id={theirsId}
                readOnly
                value={theirs.content}
                className={`${textAreaClass} bg-muted`}
              />
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={mergedId} className="text-sm font-medium">
                Merged text
              </label>
              <textarea
                id={mergedId}
                value={merged.content}
                onChange={(event) => setMerged({ ...merged, content: event.target.value })}
                className={textAreaClass}
              />
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setMerged(undefined)}>
              Back
            </Button>
            <Button type="submit">Save merged version</Button>
          </div>
        </form>
      ) : (
        <div className="grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
          <Button
            variant="outline"
            onClick={() => {
              onTakeTheirs();
              close();
            }}
          >
            Take theirs
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              setMerged({ title: mine.title, content: buildMergeDraft(mine.content, theirs.content) })
            }
          >
            Merge…
          </Button>
          <Button
            onClick={() => {
              onKeepMine();
              close();
            }}
          >
            Keep mine (overwrite)
          </Button>
        </div>
      )}
    </Dialog>
  );
}
