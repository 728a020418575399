export { Recurrence } from './recurrence';
export {
  INVALID_RECURRENCE_MESSAGE,
  RecurrenceError,
  type RecurrenceErrorCode,
  type RecurrenceIssue,
  RUNTIME_ERROR_MESSAGES,
  type RuntimeErrorCode,
  VALIDATION_ERROR_CODES,
  type ValidationErrorCode,
} from './recurrence-error';
export {
  MONTH_DAY_MODES,
  type MonthDayMode,
  NTH_WEEKDAY_POSITIONS,
  type NthWeekdayOfMonth,
  type NthWeekdayPosition,
  RECURRENCE_PRESETS,
  RECURRENCE_RULES,
  type RecurrenceCondition,
  type RecurrenceOptions,
  type RecurrencePreset,
  type RecurrenceRule,
  type UncheckedRecurrenceOptions,
} from './recurrence-options';
export { recurrenceOptionsSchema, type StoredRecurrenceOptions } from './recurrence-options-schema';
export {
  canonicalizeRecurrenceOptions,
  formatRRule,
  parseRRule,
  type RRuleAnchor,
  RRuleError,
} from './rrule';
