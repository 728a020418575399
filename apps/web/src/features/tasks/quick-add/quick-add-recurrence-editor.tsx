import type { StoredRecurrenceOptions } from '@cairn/recurrence';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RecurrenceEditor } from '../recurrence/recurrence-editor';
import { createRecurrenceForm } from '../recurrence/recurrence-form';
import type { QuickAddResult } from './parse-quick-add';

/** A rule chosen in the editor: the task's own dates supply its start. */
export type ChosenRecurrence = Omit<StoredRecurrenceOptions, 'startDate'>;

// Loaded when the repeat button is first pressed (quick-add-input.tsx), with the recurrence library.

export interface QuickAddRecurrenceEditorProps {
  /** The rule in effect, typed or chosen before; null for none yet. */
  rule: ChosenRecurrence | QuickAddResult['quickurrence'];
  /** Where the series would start: the typed due date, else now. */
  start: Date;
  isTimed: boolean;
  timeZone: string;
  onSave: (rule: ChosenRecurrence) => void;
  onStop: () => void;
  onCancel: () => void;
}

/** The repeat editor on the rule in effect, read once as it opens. */
export function QuickAddRecurrenceEditor({
  rule,
  start,
  isTimed,
  timeZone,
  onSave,
  onStop,
  onCancel,
}: QuickAddRecurrenceEditorProps) {
  const [initialForm] = useState(() =>
    createRecurrenceForm({
      stored: rule ? { ...rule, startDate: start.toISOString() } : null,
      startDate: start,
      timeZone,
    }),
  );
  return (
    <RecurrenceEditor
      initialForm={initialForm}
      previewFrom={start}
      dueTime={isTimed ? start : null}
      onCancel={onCancel}
      onSave={({ stored: { startDate: _startDate, ...chosen } }) => onSave(chosen)}
      footerStart={
        rule && (
          <Button variant="ghost" onClick={onStop}>
            Do not repeat
          </Button>
        )
      }
    />
  );
}
