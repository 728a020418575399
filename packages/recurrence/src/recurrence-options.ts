export const RECURRENCE_RULES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const RECURRENCE_PRESETS = ['businessDays', 'weekends'] as const;
export const MONTH_DAY_MODES = ['skip', 'last'] as const;
export const NTH_WEEKDAY_POSITIONS = [1, 2, 3, 4, 'last'] as const;

export type RecurrenceRule = (typeof RECURRENCE_RULES)[number];
export type RecurrencePreset = (typeof RECURRENCE_PRESETS)[number];
export type MonthDayMode = (typeof MONTH_DAY_MODES)[number];
export type NthWeekdayPosition = (typeof NTH_WEEKDAY_POSITIONS)[number];

export interface NthWeekdayOfMonth {
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  nth: NthWeekdayPosition;
}

/** Receives the occurrence (00:00 of its day in the rule's zone); false drops that day. */
export type RecurrenceCondition = (day: Date) => boolean;

export interface RecurrenceOptions {
  /** Default daily. */
  rule?: RecurrenceRule;
  /** Its calendar day in `timezone` is the first day the rule may produce. */
  startDate: Date;
  /** IANA identifier; default UTC. */
  timezone?: string;
  /** Every n-th day, week, month or year; default 1. */
  interval?: number;
  /** How many of the rule's days, counted from the start, may occur. */
  count?: number;
  /** Inclusive of its whole calendar day. */
  endDate?: Date;
  /** 0 = Sunday … 6 = Saturday; default 1 (Monday). */
  weekStartsOn?: number;
  /** Weekly only; default the start day's weekday. */
  weekDays?: number[];
  /** Monthly only; default the start day's day of month. */
  monthDay?: number;
  /** Monthly only; what a month shorter than monthDay does. Default last. */
  monthDayMode?: MonthDayMode;
  /** Monthly only, instead of monthDay. */
  nthWeekdayOfMonth?: NthWeekdayOfMonth;
  excludeDates?: Date[];
  /** Overrides rule and weekDays. */
  preset?: RecurrencePreset;
  /** Code-only filter; never stored. */
  condition?: RecurrenceCondition;
}

/** What validation accepts: anything a caller or a stored document may hand over. */
export type UncheckedRecurrenceOptions = { readonly [Key in keyof RecurrenceOptions]?: unknown };

export const PRESET_WEEKDAYS = {
  businessDays: [1, 2, 3, 4, 5],
  weekends: [0, 6],
} as const satisfies Record<RecurrencePreset, readonly number[]>;

export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_WEEK_STARTS_ON = 1;
export const DEFAULT_MONTH_DAY_MODE: MonthDayMode = 'last';
