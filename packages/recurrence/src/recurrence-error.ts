export const VALIDATION_ERROR_CODES = [
  'INVALID_COUNT',
  'INVALID_INTERVAL',
  'INVALID_WEEKDAYS',
  'INVALID_MONTH_DAY',
  'INVALID_NTH_WEEKDAY',
  'INVALID_TIMEZONE',
  'INVALID_END_DATE',
  'DATE_BEFORE_START',
  'INCOMPATIBLE_OPTIONS',
  'CONFLICTING_OPTIONS',
  'UNSUPPORTED_RULE',
  'UNSUPPORTED_PRESET',
] as const;

export const RUNTIME_ERROR_MESSAGES = {
  COUNT_LIMIT_EXCEEDED: 'No more occurrences within the specified count limit',
  END_DATE_EXCEEDED: 'No more occurrences within the specified end date',
  NO_MORE_OCCURRENCES: 'Could not find next occurrence after maximum attempts',
} as const;

export const INVALID_RECURRENCE_MESSAGE = 'Invalid recurrence rule';

export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];
export type RuntimeErrorCode = keyof typeof RUNTIME_ERROR_MESSAGES;
export type RecurrenceErrorCode = ValidationErrorCode | RuntimeErrorCode;

export interface RecurrenceIssue {
  code: ValidationErrorCode;
  /** Names the problem for maintainers; users see INVALID_RECURRENCE_MESSAGE. */
  message: string;
  option: string;
}

export class RecurrenceError extends Error {
  override readonly name = 'RecurrenceError';
  readonly code: RecurrenceErrorCode;
  /** Every validation issue when the options were invalid; empty for runtime errors. */
  readonly issues: readonly RecurrenceIssue[];

  constructor(code: RecurrenceErrorCode, message: string, issues: readonly RecurrenceIssue[] = []) {
    super(message);
    this.code = code;
    this.issues = issues;
  }
}

export function createRuntimeError(code: RuntimeErrorCode): RecurrenceError {
  return new RecurrenceError(code, RUNTIME_ERROR_MESSAGES[code]);
}
