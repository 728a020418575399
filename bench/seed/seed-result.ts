// What the seeding tool hands back: enough to sign in as each heavy user and to find the rows the
// benchmarks read and write, without a benchmark having to search for them.

export type SeededHeavyUser = {
  email: string;
  password: string;
  userId: string;
  /** The user's 30 lists, largest first. */
  listIds: string[];
  /** A list with many open tasks spread over the board's columns: the kanban board to read. */
  boardListId: string;
  /** The user's columns in board order (the last is the completion column). */
  columnIds: string[];
  /** The root of the deepest subtree (five or more levels, tens of descendants). */
  deepTaskId: string;
  /** Open recurring tasks (each completion makes the next occurrence). */
  recurringTaskIds: string[];
  /** Words that match many notes, some notes, and no note. */
  noteSearchTerms: { common: string; some: string; none: string };
  noteFolderIds: string[];
  /** Money accounts, one per currency at least; the first is in the user's own currency. */
  accountIds: string[];
  /** A plain (hand-logged) tracker with many logs, and every tracker's id. */
  plainTrackerId: string;
  trackerIds: string[];
  /** A dashboard chart that reads the most logs (a time series over all its trackers, range "all"). */
  busiestChartId: string;
  chartIds: string[];
  /**
   * Work-log projects. The first holds the user's full count of entries (20,000 at scale 1, what its
   * CSV export reads); the other seven share a twentieth as many.
   */
  projectIds: string[];
  /** The first and last day that hold data, YYYY-MM-DD in the user's time zone. */
  firstDay: string;
  lastDay: string;
};

export type SeedResult = {
  heavy: SeededHeavyUser[];
  lightUserCount: number;
  /** Rows written per kind, summed over all users. */
  rows: Record<string, number>;
  seconds: number;
};

export type SeedOptions = {
  /** Heavy users; 1,000 light users are added per run at scale 1 (scaled like the rest). */
  users: number;
  /** Multiplies every count: 1 is the full data set, 0.01 a quick one for tests of the benchmarks. */
  scale: number;
  /** Progress lines, e.g. "tasks 12,000 / 20,000". */
  onProgress?: (line: string) => void;
};
