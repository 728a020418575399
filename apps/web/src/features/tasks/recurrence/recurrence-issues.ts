import { HttpError } from '../../../lib/errors';

/** The editor's fields a recurrence issue can be shown beside; `rule` also takes what concerns the whole. */
export type RecurrenceField =
  | 'rule'
  | 'interval'
  | 'weekDays'
  | 'monthDay'
  | 'nthWeekday'
  | 'count'
  | 'endDate'
  | 'excludeDates'
  | 'timezone';

/** Issue messages by the field they concern. */
export type RecurrenceFieldMessages = Partial<Record<RecurrenceField, string[]>>;

/** A recurrence issue as the validation and the API both name it: the option at fault and why. */
export interface OptionIssue {
  /** The recurrence option (interval, count…); '' when the issue names none. */
  option: string;
  message: string;
}

const FIELD_OF_OPTION: Readonly<Record<string, RecurrenceField>> = {
  rule: 'rule',
  preset: 'rule',
  interval: 'interval',
  weekDays: 'weekDays',
  weekStartsOn: 'weekDays',
  monthDay: 'monthDay',
  monthDayMode: 'monthDay',
  nthWeekdayOfMonth: 'nthWeekday',
  count: 'count',
  endDate: 'endDate',
  excludeDates: 'excludeDates',
  timezone: 'timezone',
};

/** Each issue's message under the field its option belongs to, once; the rest go to `rule`. */
export function groupIssuesByField(issues: readonly OptionIssue[]): RecurrenceFieldMessages {
  const grouped: RecurrenceFieldMessages = {};
  for (const { option, message } of issues) {
    const field = FIELD_OF_OPTION[option] ?? 'rule';
    const messages = grouped[field] ?? [];
    if (!messages.includes(message)) grouped[field] = [...messages, message];
  }
  return grouped;
}

/**
 * The recurrence issues of an API refusal (400, paths body.quickurrence.<option>), or null when the
 * error is something else, which a toast should tell instead.
 */
export function readServerRecurrenceIssues(error: unknown): OptionIssue[] | null {
  if (!(error instanceof HttpError) || error.code !== 'VALIDATION_FAILED') return null;
  const issues = error.issues.filter((issue) => issue.path[1] === 'quickurrence');
  if (issues.length === 0) return null;
  return issues.map((issue) => ({ option: String(issue.path[2] ?? ''), message: issue.message }));
}
