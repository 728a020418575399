import { updateTaskBodySchema } from '@cairn/contracts/tasks';
import { PencilIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { InlineTextEditor } from '../../../components/ui/inline-text-editor';
import { cn } from '../../../lib/cn';

/** The API's own rule for a title, so the field explains a refusal in the same words before sending. */
const titleSchema = updateTaskBodySchema.shape.title.unwrap();

function findTitleProblem(title: string): string | undefined {
  return titleSchema.safeParse(title).error?.issues[0]?.message;
}

interface TaskTitleProps {
  title: string;
  isCompleted: boolean;
  isReadOnly: boolean;
  onRename: (title: string) => void;
}

/** The page's heading, renamed in place: click it (or focus it and press Enter), type, Enter saves, Escape cancels. */
export function TaskTitle({ title, isCompleted, isReadOnly, onRename }: TaskTitleProps) {
  const [isEditing, setIsEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasEditingRef = useRef(false);

  // Back on the heading after editing, so keyboard users keep their place.
  useEffect(() => {
    if (!isEditing && wasEditingRef.current) buttonRef.current?.focus();
    wasEditingRef.current = isEditing;
  }, [isEditing]);

  if (isEditing) {
    return (
      <InlineTextEditor
        label="Task title"
        value={title}
        validate={findTitleProblem}
        className="h-11 text-xl font-semibold sm:text-2xl"
        onSave={(next) => {
          setIsEditing(false);
          if (next !== title) onRename(next);
        }}
        onCancel={() => setIsEditing(false)}
      />
    );
  }

  const heading = cn(
    'min-w-0 flex-1 break-words text-xl font-semibold sm:text-2xl',
    isCompleted && 'text-muted-foreground line-through',
  );
  if (isReadOnly) return <h1 className={heading}>{title}</h1>;
  return (
    <h1 className={heading}>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setIsEditing(true)}
        aria-description="Select to rename"
        className="group -mx-1.5 inline rounded-md px-1.5 text-left outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring"
      >
        {title}
        <PencilIcon
          className="ml-2 inline size-4 align-middle text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
          aria-hidden
        />
      </button>
    </h1>
  );
}
