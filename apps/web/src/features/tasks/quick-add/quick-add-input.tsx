import type { CreateTaskBody } from '@cairn/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, RepeatIcon, XIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../lib/time-zone';
import { listsQueryOptions } from '../api/lists/get-lists';
import { RecurrenceDialog } from '../recurrence/recurrence-dialog';
import { getDueLabel } from '../utils/due-label';
import type { ParseQuickAddOptions, QuickAddLiteral, QuickAddResult, QuickAddSpan } from './parse-quick-add';
import {
  loadQuickAddParser,
  preloadQuickAddParser,
  readAsPlainTitle,
  useQuickAddParser,
} from './quick-add-parser';
import type { ChosenRecurrence } from './quick-add-recurrence-editor';

/** What quick add understood, only the fields it found, ready to spread over a new task's defaults. */
export type QuickAddTask = Pick<
  CreateTaskBody,
  'title' | 'dueDate' | 'dueDateHasTime' | 'quickurrence' | 'urgency' | 'listId'
>;

export function toQuickAddTask(result: QuickAddResult): QuickAddTask {
  const task: QuickAddTask = { title: result.title };
  if (result.dueDate) {
    task.dueDate = result.dueDate;
    task.dueDateHasTime = result.dueDateHasTime;
  }
  if (result.quickurrence) task.quickurrence = { ...result.quickurrence };
  if (result.urgency) task.urgency = result.urgency;
  if (result.listId) task.listId = result.listId;
  return task;
}

/**
 * A rule picked in the repeat editor, without its start: the API starts it at the task's due date (a
 * typed date), else today, its first occurrence then becoming the due date.
 */
export type { ChosenRecurrence };

/** The task with a rule from the editor in place of any typed one, whose dates then no longer count. */
export function withChosenRecurrence(
  task: QuickAddTask,
  chosen: ChosenRecurrence,
  due: Pick<QuickAddResult, 'dueDate' | 'dueDateHasTime'>,
): QuickAddTask {
  const { dueDate: _dueDate, dueDateHasTime: _dueDateHasTime, quickurrence: _typed, ...rest } = task;
  return {
    ...rest,
    ...(due.dueDate && { dueDate: due.dueDate, dueDateHasTime: due.dueDateHasTime }),
    quickurrence: { ...chosen },
  };
}

const spanKey = (span: Pick<QuickAddSpan, 'kind' | 'text'>) => `${span.kind}:${span.text.toLowerCase()}`;

/** Ctrl+Z, or ⌘Z on a Mac: the key that keeps the last recognised part as typed text. */
const isUndoKey = (event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}) => event.key.toLowerCase() === 'z' && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey;

type Reader = typeof import('./quick-add-reader');

// The repeat editor and the recurrence library behind it load when the repeat button is first pressed.
const QuickAddRecurrenceEditor = lazy(() =>
  import('./quick-add-recurrence-editor').then((module) => ({ default: module.QuickAddRecurrenceEditor })),
);

function describeSpan(
  span: QuickAddSpan,
  result: QuickAddResult,
  options: Pick<ParseQuickAddOptions, 'lists' | 'timeZone' | 'now'>,
  reader: Reader,
): string {
  const due =
    result.dueDate &&
    getDueLabel(new Date(result.dueDate), {
      now: options.now,
      timeZone: options.timeZone,
      hasTime: result.dueDateHasTime,
    }).text;
  switch (span.kind) {
    case 'date':
      return `Due ${due ?? span.text}`;
    case 'recurrence': {
      if (!result.quickurrence || !result.dueDate) return span.text;
      const text = reader.describeTypedRule({ ...result.quickurrence, startDate: new Date(result.dueDate) });
      return `${text}, first ${due}`;
    }
    case 'urgency':
      return `Urgency ${result.urgency}`;
    case 'list':
      return `List ${options.lists.find((list) => list.id === result.listId)?.name ?? span.text}`;
  }
}

type ParseQuickAdd = Reader['parseQuickAdd'];

/**
 * The line as `parse` reads it (a plain title without it), and the reading the due date comes from: a
 * rule chosen in the editor wins over a typed one, whose words still leave the title, and the due date
 * is then what the rest of the line says, read without them.
 */
function readLine(
  parse: ParseQuickAdd | undefined,
  line: Pick<ParseQuickAddOptions, 'now' | 'timeZone' | 'lists'> & {
    value: string;
    literals: QuickAddLiteral[];
    chosenRule: ChosenRecurrence | undefined;
  },
): { result: QuickAddResult; dated: QuickAddResult } {
  const { value, literals, chosenRule, now, timeZone, lists } = line;
  if (!parse) {
    const plain = readAsPlainTitle(value);
    return { result: plain, dated: plain };
  }
  const result = parse(value, { now, timeZone, lists, literals });
  const typedRuleSpan = result.spans.find((span) => span.kind === 'recurrence');
  const dated =
    chosenRule && typedRuleSpan
      ? parse(value, {
          now,
          timeZone,
          lists,
          literals: [...literals, { kind: 'recurrence', text: typedRuleSpan.text }],
        })
      : result;
  return { result, dated };
}

interface QuickAddFormProps {
  /** The button's text, and the field's label. */
  label: string;
  placeholder: string;
  onSubmit: (task: QuickAddTask) => void;
  maxLength: number;
  /** Stays open after adding, for typing several in a row. */
  isOpenByDefault?: boolean;
  /** Names the button and field for a keyboard shortcut that focuses them (`data-shortcut-target`). */
  shortcutTarget?: string;
  icon?: ReactNode;
  className?: string;
}

/**
 * The add-task field of every view, reading dates, times, recurrences, "!high" and "#List" from what is
 * typed (see parseQuickAdd). What it understood shows under the field before saving; Ctrl+Z (⌘Z) keeps
 * the part recognised last as plain text, and the × on a part does the same for that part. Enter adds
 * and keeps the field for the next one, Escape cancels (clears it and, unless always shown, closes it).
 */
export function QuickAddInput(props: QuickAddFormProps) {
  const timeZone = useTimeZone();
  const lists = useQuery(listsQueryOptions()).data ?? [];
  return <QuickAddForm {...props} lists={lists} timeZone={timeZone} />;
}

export function QuickAddForm({
  label,
  placeholder,
  onSubmit,
  maxLength,
  isOpenByDefault = false,
  shortcutTarget,
  icon,
  className,
  lists,
  timeZone,
  getNow = () => new Date(),
}: QuickAddFormProps & Pick<ParseQuickAddOptions, 'lists' | 'timeZone'> & { getNow?: () => Date }) {
  const id = useId();
  const hintId = useId();
  const [isOpen, setIsOpen] = useState(isOpenByDefault);
  const [value, setValue] = useState('');
  const [literals, setLiterals] = useState<QuickAddLiteral[]>([]);
  const [chosenRule, setChosenRule] = useState<ChosenRecurrence>();
  const [isRepeatOpen, setIsRepeatOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Recognised parts in the order they were first recognised while typing, for undoing the latest. */
  const recognitionOrder = useRef<string[]>([]);

  const parser = useQuickAddParser();
  const now = getNow();
  const { result, dated } = readLine(parser?.parseQuickAdd, {
    value,
    literals,
    chosenRule,
    now,
    timeZone,
    lists,
  });
  const keys = result.spans.map(spanKey);
  recognitionOrder.current = [
    ...recognitionOrder.current.filter((key) => keys.includes(key)),
    ...keys.filter((key) => !recognitionOrder.current.includes(key)),
  ];

  const typedRuleSpan = result.spans.find((span) => span.kind === 'recurrence');
  const ruleStart = dated.dueDate ? new Date(dated.dueDate) : now;
  const ruleInEffect = chosenRule ?? result.quickurrence;
  const ruleText = ruleInEffect && parser ? parser.describeRule(ruleInEffect, ruleStart) : undefined;

  function keepAsText(span: QuickAddSpan) {
    setLiterals((current) => [...current, { kind: span.kind, text: span.text }]);
  }

  function stopRepeating() {
    if (typedRuleSpan) keepAsText(typedRuleSpan);
    setChosenRule(undefined);
  }

  function reset() {
    setValue('');
    setLiterals([]);
    setChosenRule(undefined);
    recognitionOrder.current = [];
  }

  function close() {
    reset();
    if (isOpenByDefault) return;
    setIsOpen(false);
    // Back to the button, so keyboard users do not lose their place.
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  /** Adds the line as read by `parse`; only recognised parts typed ("tomorrow") leave nothing to add. */
  function submitWith(parse: ParseQuickAdd | undefined) {
    const line = readLine(parse, { value, literals, chosenRule, now: getNow(), timeZone, lists });
    if (!line.result.title) return;
    const task = toQuickAddTask(line.result);
    onSubmit(chosenRule ? withChosenRecurrence(task, chosenRule, line.dated) : task);
    reset();
  }

  if (!isOpen) {
    return (
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        className={cn('justify-start text-muted-foreground', className)}
        onClick={() => setIsOpen(true)}
        onPointerEnter={preloadQuickAddParser}
        onFocus={preloadQuickAddParser}
        data-shortcut-target={shortcutTarget}
      >
        {icon ?? <PlusIcon aria-hidden />}
        {label}
      </Button>
    );
  }

  return (
    <form
      className={cn('grid gap-1.5', className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (parser) {
          submitWith(parser.parseQuickAdd);
          return;
        }
        // Enter before the reader arrived (it loads on focus): the line is read once it has, or as a
        // plain title when it cannot load.
        loadQuickAddParser().then(
          (loaded) => submitWith(loaded.parseQuickAdd),
          () => submitWith(undefined),
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-center gap-1.5">
        <Input
          id={id}
          // Opening the field is the user's own action, so focusing it is expected.
          autoFocus={!isOpenByDefault}
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="done"
          aria-describedby={result.spans.length > 0 || chosenRule ? hintId : undefined}
          data-shortcut-target={shortcutTarget}
          onPointerEnter={preloadQuickAddParser}
          onFocus={preloadQuickAddParser}
          onChange={(event) => {
            preloadQuickAddParser();
            setValue(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
              if (isOpenByDefault) event.currentTarget.blur();
              return;
            }
            // With nothing recognised, Ctrl+Z is the field's own undo.
            const latest = recognitionOrder.current.at(-1);
            const span = result.spans.find((candidate) => spanKey(candidate) === latest);
            if (isUndoKey(event) && span) {
              event.preventDefault();
              keepAsText(span);
            }
          }}
          onBlur={(event) => {
            // Moving to the repeat button keeps the field open.
            if (
              event.relatedTarget instanceof Node &&
              event.currentTarget.form?.contains(event.relatedTarget)
            ) {
              return;
            }
            if (!isOpenByDefault && value.trim() === '' && !chosenRule) setIsOpen(false);
          }}
        />
        <Button
          variant={ruleText ? 'secondary' : 'ghost'}
          size="icon"
          aria-label={ruleText ? `Repeat: ${ruleText}` : 'Repeat'}
          aria-haspopup="dialog"
          title={ruleText ?? 'Repeat'}
          className={cn('shrink-0', ruleText ? 'text-primary' : 'text-muted-foreground')}
          onClick={() => {
            preloadQuickAddParser();
            setIsRepeatOpen(true);
          }}
        >
          <RepeatIcon aria-hidden />
        </Button>
      </div>
      {(result.spans.length > 0 || chosenRule) && (
        <div id={hintId} className="grid gap-1">
          <p className="sr-only">Understood:</p>
          <ul className="flex flex-wrap gap-1" aria-label="Understood">
            {result.spans.map((span) => (
              <li
                key={spanKey(span)}
                data-kind={span.kind}
                className="inline-flex max-w-full items-center gap-1 rounded-full border bg-primary/10 py-0.5 pr-0.5 pl-2 text-xs"
              >
                <mark className="rounded-sm bg-primary/15 px-0.5 text-foreground">{span.text}</mark>
                <span className="truncate text-muted-foreground">
                  {span.kind === 'recurrence' && chosenRule
                    ? ruleText
                    : parser && describeSpan(span, result, { lists, timeZone, now }, parser)}
                </span>
                <button
                  type="button"
                  aria-label={`Keep “${span.text}” as text`}
                  className="rounded-full p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  // Keeps the focus in the field, so typing goes on.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => keepAsText(span)}
                >
                  <XIcon className="size-3" aria-hidden />
                </button>
              </li>
            ))}
            {chosenRule && !typedRuleSpan && (
              <li
                data-kind="recurrence"
                className="inline-flex max-w-full items-center gap-1 rounded-full border bg-primary/10 py-0.5 pr-0.5 pl-2 text-xs"
              >
                <RepeatIcon className="size-3 shrink-0 text-primary" aria-hidden />
                <span className="truncate text-muted-foreground">{ruleText}</span>
                <button
                  type="button"
                  aria-label="Do not repeat"
                  className="rounded-full p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setChosenRule(undefined)}
                >
                  <XIcon className="size-3" aria-hidden />
                </button>
              </li>
            )}
          </ul>
          <p className="text-[11px] text-muted-foreground">
            {result.title ? `Saved as “${result.title}”.` : 'Type a title too.'} Ctrl+Z keeps the last one as
            text.
          </p>
        </div>
      )}
      <RecurrenceDialog
        isOpen={isRepeatOpen}
        onOpenChange={setIsRepeatOpen}
        title="Repeat"
        description={
          result.title
            ? `How often “${result.title}” comes back. Completing or skipping it brings the next one.`
            : 'How often the new task comes back. Completing or skipping it brings the next one.'
        }
      >
        <Suspense>
          <QuickAddRecurrenceEditor
            rule={ruleInEffect}
            start={ruleStart}
            isTimed={dated.dueDate !== null && dated.dueDateHasTime}
            timeZone={timeZone}
            onCancel={() => setIsRepeatOpen(false)}
            onSave={(rule) => {
              setChosenRule(rule);
              setIsRepeatOpen(false);
            }}
            onStop={() => {
              stopRepeating();
              setIsRepeatOpen(false);
            }}
          />
        </Suspense>
      </RecurrenceDialog>
    </form>
  );
}
