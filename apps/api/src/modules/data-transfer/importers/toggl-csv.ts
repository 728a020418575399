import { newId } from '../../../db/ids';
import type { ExportDocument, ExportRow } from '../export-document';
import { createImportDocument, type ImportCsvRow, lineError, readImportCsv } from './import-csv';

/**
 * A Toggl Track detailed report exported as CSV → work-log projects and entries. Columns are found by
 * name in any case, and the ones that vary between Toggl versions (Task, Billable, amounts, User) may
 * be missing. Projects with the same name in any case are one project, with the first client named for
 * it. An entry without a project goes to a project named "Without project", as Toggl's reports call
 * them, since every Cairn entry has a project. The first tag becomes the entry's category (work-log
 * categories play the part tags play in Toggl); further tags are kept at the end of the description.
 * Start and End are wall-clock readings, taken to the minute: the entry's times and duration agree
 * the way a hand-entered one does. An entry of a day or more keeps only its duration, since times can
 * express at most one midnight. Billable, amounts and the user columns have no place in a work log.
 */

const REQUIRED_COLUMNS = ['Start date', 'Start time', 'Duration'] as const;
export const WITHOUT_PROJECT_NAME = 'Without project';
const MINUTES_PER_DAY = 1440;

export type ReadTogglCsvOptions = {
  now: Date;
  /** The importing user's zone, recorded in the document; Toggl's times are already wall-clock readings. */
  timeZone: string;
};

/** A day as a number (days since 1970-01-01), from YYYY-MM-DD. */
function readDay(record: ImportCsvRow, column: string): number {
  const text = record.get(column);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return date.getTime() / 86_400_000;
  }
  throw lineError(record.line, `${column} "${text}" is not a date as Toggl writes it (YYYY-MM-DD)`);
}

/** Seconds after midnight, from HH:MM:SS (seconds and AM/PM optional). */
function readClock(record: ImportCsvRow, column: string): number {
  const text = record.get(column);
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?$/i.exec(text);
  if (match) {
    let hours = Number(match[1]);
    const [minutes, seconds] = [Number(match[2]), Number(match[3] ?? 0)];
    const half = match[4]?.toLowerCase();
    const hoursValid = half ? hours >= 1 && hours <= 12 : hours <= 23;
    if (half) hours = (hours % 12) + (half === 'pm' ? 12 : 0);
    if (hoursValid && minutes <= 59 && seconds <= 59) return hours * 3600 + minutes * 60 + seconds;
  }
  throw lineError(record.line, `${column} "${text}" is not a time of day (HH:MM:SS)`);
}

/** Seconds, from H:MM:SS (hours may pass 24), H:MM, or decimal hours as Toggl's decimal setting writes. */
export function readTogglDuration(text: string): number | undefined {
  const clock = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (clock) {
    const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
    return minutes <= 59 && seconds <= 59 ? hours * 3600 + minutes * 60 + seconds : undefined;
  }
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 3600);
  return undefined;
}

function formatDay(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

type Timing = {
  workDate: string;
  startMinute: number | null;
  endMinute: number | null;
  crossesMidnight: boolean;
  duration: number;
};

function readTiming(record: ImportCsvRow): Timing {
  const startDay = readDay(record, 'Start date');
  const start = startDay * 86_400 + readClock(record, 'Start time');
  const durationText = record.get('Duration');
  const durationSeconds = readTogglDuration(durationText);
  if (durationSeconds === undefined) {
    throw lineError(record.line, `Duration "${durationText}" is not a duration (HH:MM:SS)`);
  }
  const hasEnd = record.get('End date') !== '' || record.get('End time') !== '';
  const end = hasEnd
    ? readDay(record, 'End date') * 86_400 + readClock(record, 'End time')
    : start + durationSeconds;
  if (end < start) throw lineError(record.line, 'the entry ends before it starts');

  // To the minute on the wall clock; an entry shorter than a minute still counts one, as a timer's does.
  const startMinute = Math.floor(start / 60);
  const endMinute = Math.max(Math.floor(end / 60), startMinute + 1);
  const duration = endMinute - startMinute;
  const workDate = formatDay(startDay);
  if (duration >= MINUTES_PER_DAY) {
    return { workDate, startMinute: null, endMinute: null, crossesMidnight: false, duration };
  }
  return {
    workDate,
    startMinute: startMinute % MINUTES_PER_DAY,
    endMinute: endMinute % MINUTES_PER_DAY,
    crossesMidnight: Math.floor(endMinute / MINUTES_PER_DAY) > startDay,
    duration,
  };
}

export function readTogglCsv(text: string, options: ReadTogglCsvOptions): ExportDocument {
  const records = readImportCsv(text, { source: 'Toggl Track', requiredColumns: REQUIRED_COLUMNS });
  const now = options.now.toISOString();
  const timestamps = { createdAt: now, updatedAt: now };

  const projects = new Map<string, ExportRow>();
  const projectIdOf = (name: string, client: string): string => {
    const key = name.toLowerCase();
    const known = projects.get(key);
    if (known) {
      if (known.client === null && client !== '') known.client = client;
      return String(known.id);
    }
    const id = newId();
    projects.set(key, {
      id,
      name,
      client: client === '' ? null : client,
      csvExportConfig: null,
      endedAt: null,
      ...timestamps,
    });
    return id;
  };
  const categories = new Map<string, ExportRow>();
  const categoryIdOf = (name: string): string => {
    const known = categories.get(name.toLowerCase());
    if (known) return String(known.id);
    const id = newId();
    categories.set(name.toLowerCase(), { id, name, breaksMultiplier: '1', ...timestamps });
    return id;
  };

  const worklogs = records.map((record) => {
    const timing = readTiming(record);
    const projectName = record.get('Project');
    const projectId = projectIdOf(
      projectName === '' ? WITHOUT_PROJECT_NAME : projectName,
      record.get('Client'),
    );
    const tags = record
      .get('Tags')
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
    const [firstTag, ...otherTags] = tags;
    const description = record.get('Description');
    const tagNote = otherTags.length > 0 ? `(tags: ${otherTags.join(', ')})` : '';
    return {
      id: newId(),
      projectId,
      categoryId: firstTag === undefined ? null : categoryIdOf(firstTag),
      taskId: null,
      taskName: record.get('Task'),
      taskUrl: null,
      pullRequestUrl: null,
      description: [description, tagNote].filter((part) => part !== '').join(' '),
      ...timing,
      breaksMultiplier: '1',
      ...timestamps,
    } satisfies ExportRow;
  });

  return createImportDocument({
    now: options.now,
    timeZone: options.timeZone,
    tables: {
      worklogs_projects: [...projects.values()],
      worklogs_categories: [...categories.values()],
      worklogs,
    },
  });
}
