import { z } from 'zod';
import { idSchema, instantInputSchema, instantSchema, textSchema } from './common';

export const levels = ['low', 'medium', 'high'] as const;
export const levelSchema = z.enum(levels);
export type Level = z.infer<typeof levelSchema>;

/** Smart views (spec section 2); each view's rule is documented in the API's smart-views module. */
export const smartViews = [
  'today',
  'tomorrow',
  'overdue',
  'urgent',
  'important',
  'planned',
  'tasks',
  'archived',
  'top-priority',
  'new',
  'recurrent',
] as const;
export const smartViewSchema = z.enum(smartViews);
export type SmartView = z.infer<typeof smartViewSchema>;

export const TASK_TITLE_MAX_LENGTH = 500;
export const REWARD_MAX_LENGTH = 200;
export const MAX_TASK_DEPTH = 100; // deepest level a subtask may sit at; a top-level task is level 0

const titleSchema = textSchema()
  .trim()
  .min(1, 'Title is required')
  .max(TASK_TITLE_MAX_LENGTH, `Title must be ${TASK_TITLE_MAX_LENGTH} characters or less`);

/**
 * False when the due date is a whole day: dueDate is then the start of that day in the time zone it was
 * chosen in, shown as a day ("Today", "Mon 30 Nov") and overdue only once that day is over.
 */
const dueDateHasTimeSchema = z.boolean();

/**
 * Recurring tasks. `quickurrence` is the recurrence options object of packages/recurrence in its
 * stored JSON form (`StoredRecurrenceOptions`: dates as ISO instants); `rrule` is the same rule as an
 * RFC 5545 RRULE value, e.g. "FREQ=WEEKLY;BYDAY=MO,WE". The RRULE has no place for the start
 * (DTSTART), the zone (TZID) or excluded dates (EXDATE): those stay in quickurrence. Every occurrence
 * of a series shares `recurrenceId`.
 */
export const taskRecurrenceSchema = z.object({
  /** English summary, e.g. "Every 2 weeks on Monday and Friday, 10 times". */
  text: z.string(),
  nextDate: instantSchema.nullable(),
});
export type TaskRecurrence = z.infer<typeof taskRecurrenceSchema>;

/** The error text of a 400 for an invalid quickurrence or rrule (spec section 8). */
export const INVALID_RECURRENCE_MESSAGE = 'Invalid recurrence rule';

export const taskSchema = z.object({
  id: idSchema,
  title: z.string(),
  dueDate: instantSchema.nullable(),
  dueDateHasTime: dueDateHasTimeSchema,
  /** When a push reminder goes out besides the due time; it fires even outside work-day hours. */
  remindAt: instantSchema.nullable(),
  estimatedTime: z.number().int().nullable(),
  parentId: idSchema.nullable(),
  columnId: idSchema,
  listId: idSchema.nullable(),
  urgency: levelSchema,
  importance: levelSchema,
  priority: z.number().int(),
  isAdhoc: z.boolean(),
  note: z.string().nullable(),
  rrule: z.string().nullable(),
  quickurrence: z.record(z.string(), z.unknown()).nullable(),
  recurrenceId: idSchema.nullable(),
  reward: z.string().nullable(),
  addedToToday: z.boolean().nullable(),
  addedToNew: z.boolean().nullable(),
  rewardedAt: instantSchema.nullable(),
  completedAt: instantSchema.nullable(),
  deletedAt: instantSchema.nullable(),
  archivedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  /**
   * On a recurring task (quickurrence set): the rule in words and the date the series comes to after this
   * occurrence's due date, at the same time of day when timed (null once it has ended). Null otherwise.
   * The API always sends it. The `recurrent` smart view with status=open lists one task per series, its
   * current occurrence (the earliest open one); completed occurrences are the series' history.
   */
  recurrence: taskRecurrenceSchema.nullable().optional(),
  /** Non-optional checklist items: done and total, for the "3/5" badge. */
  checklistProgress: z.object({ completed: z.number().int(), total: z.number().int() }),
  childrenCount: z.number().int(),
  /** Direct subtasks that are neither archived nor in the trash, and how many of them are completed. */
  subtaskProgress: z.object({ completed: z.number().int(), total: z.number().int() }),
});
export type Task = z.infer<typeof taskSchema>;

export const checklistItemSchema = z.object({
  id: idSchema,
  taskId: idSchema,
  title: z.string(),
  priority: z.number().int(),
  isOptional: z.boolean(),
  completedAt: instantSchema.nullable(),
  archivedAt: instantSchema.nullable(),
  deletedAt: instantSchema.nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const taskDetailSchema = taskSchema.extend({
  children: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      completedAt: instantSchema.nullable(),
      archivedAt: instantSchema.nullable(),
      dueDate: instantSchema.nullable(),
      dueDateHasTime: dueDateHasTimeSchema,
    }),
  ),
  /** From the root down to the parent. */
  breadcrumbs: z.array(z.object({ id: idSchema, title: z.string() })),
  checklistItems: z.array(checklistItemSchema),
  /** 0 for a top-level task. */
  level: z.number().int(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

const taskFields = {
  title: titleSchema,
  dueDate: instantInputSchema.nullable(),
  /**
   * False makes the due a whole day: the day dueDate falls on in the request's time zone, stored as that
   * day's start. Left out beside a dueDate, the due is timed (the instant is kept as sent); sent alone, it
   * turns the task's current due into its whole day, or back into a timed due at that day's start.
   */
  dueDateHasTime: dueDateHasTimeSchema,
  /** An extra push reminder at this instant; null removes it. */
  remindAt: instantInputSchema.nullable(),
  estimatedTime: z.number().int().min(0).max(100_000).nullable(),
  parentId: idSchema.nullable(),
  columnId: idSchema,
  listId: idSchema.nullable(),
  urgency: levelSchema,
  importance: levelSchema,
  isAdhoc: z.boolean(),
  note: textSchema().max(100_000).nullable(),
  reward: textSchema()
    .trim()
    .max(REWARD_MAX_LENGTH, `Reward must be ${REWARD_MAX_LENGTH} characters or less`)
    .nullable(),
  /**
   * True puts the task in Today, false keeps it out, null lets its due date decide (spec section 4).
   * Putting an open task in Today when it already holds the daily limit of open tasks answers 409
   * DAILY_LIMIT_REACHED and changes nothing.
   */
  addedToToday: z.boolean().nullable(),
  addedToNew: z.boolean().nullable(),
  /**
   * Makes the task recurring (null stops the series; the task stays as it is). The API validates it
   * with the engine, cleans it (spec section 4) and stores one canonical form: rule always set, a
   * preset's weekdays named as the preset, weekdays sorted, endDate at the start of its day. Left out,
   * startDate is the task's dueDate, else now; timezone is the request's (else the profile's); a task
   * without a dueDate gets the first occurrence as its due. An invalid one answers 400
   * VALIDATION_FAILED, error 'Invalid recurrence rule', with an issue per problem whose `code` is the
   * recurrence code (INVALID_COUNT … UNSUPPORTED_PRESET) and whose path names the option.
   */
  quickurrence: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The rule as an RRULE value instead of quickurrence (not both): FREQ (DAILY, WEEKLY, MONTHLY,
   * YEARLY), INTERVAL, COUNT, UNTIL (a date or a UTC date-time), BYDAY (weekdays when weekly; one
   * weekday with a position 1 to 4 or -1, e.g. 1MO or -1FR, when monthly), BYMONTHDAY (1 to 31, or -1),
   * WKST, and RSCALE=GREGORIAN with SKIP=OMIT|BACKWARD for months lacking the day. Anything else
   * answers 400 with an issue (code UNSUPPORTED_RULE) naming the part. Null stops the series.
   */
  rrule: textSchema().trim().max(1000).nullable(),
};

export const createTaskBodySchema = z
  .strictObject({
    ...taskFields,
    title: titleSchema,
  })
  .partial()
  .required({ title: true });
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;

export const updateTaskBodySchema = z.strictObject(taskFields).partial();
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

/**
 * Where a dragged task lands, given one way: an index in the full order (`position`), right after
 * a task (`afterId`; null for the very start) or right before one (`beforeId`). Neighbour ids suit
 * filtered screens, which do not see every task of the order they drop into.
 */
const placementFields = {
  position: z.number().int().min(0).optional(),
  afterId: idSchema.nullable().optional(),
  beforeId: idSchema.optional(),
};
const hasOnePlacement = (body: { position?: number; afterId?: string | null; beforeId?: string }) =>
  [body.position, body.afterId, body.beforeId].filter((value) => value !== undefined).length === 1;
const placementMessage = { message: 'Give exactly one of position, afterId or beforeId' };

/** Drag and drop in one call: the target column and where in it the card lands. */
export const moveTaskBodySchema = z
  .strictObject({ columnId: idSchema, ...placementFields })
  .refine(hasOnePlacement, placementMessage);
export type MoveTaskBody = z.infer<typeof moveTaskBodySchema>;

/**
 * A completed (or skipped) task and, when it is recurring, the occurrence that completing created; null
 * when the series has ended (by its count or end date) or the task is not recurring. Completing again
 * after reopening creates no second one.
 */
export const completeTaskResponseSchema = taskSchema.extend({ nextOccurrence: taskSchema.nullable() });
export type CompleteTaskResponse = z.infer<typeof completeTaskResponseSchema>;

export const completeTaskBodySchema = z
  .strictObject({
    /** Completing a parent with open subtasks needs this, so nothing is completed by surprise. */
    withChildren: z.boolean().optional(),
  })
  .optional();

export const taskStatuses = ['open', 'completed', 'all'] as const;
export const taskSorts = [
  'position',
  'dueDate',
  'createdAt',
  'title',
  'urgency',
  'importance',
  'completedAt',
  'deletedAt',
  'archivedAt',
] as const;

export const listTasksQuerySchema = z.strictObject({
  view: smartViewSchema.optional(),
  listId: idSchema.optional(),
  columnId: idSchema.optional(),
  parentId: z.union([idSchema, z.literal('none')]).optional(),
  q: textSchema().trim().min(1).max(200).optional(),
  dueFrom: instantInputSchema.optional(),
  dueTo: instantInputSchema.optional(),
  /** Completed at or after this instant (the board's "done today" column). */
  completedFrom: instantInputSchema.optional(),
  /** Leaves out tasks completed before this instant; open ones stay (the periodical board's done column). */
  doneSince: instantInputSchema.optional(),
  urgency: levelSchema.optional(),
  importance: levelSchema.optional(),
  status: z.enum(taskStatuses).optional(),
  /** Trashed tasks appear only when asked for. */
  isDeleted: z.enum(['true', 'false']).optional(),
  sort: z.enum(taskSorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type ListTasksQuery = z.infer<typeof listTasksQuerySchema>;

export const taskPageSchema = z.object({
  items: z.array(taskSchema),
  nextCursor: z.string().nullable(),
  /** How many tasks the whole listing holds, when known (a page seeded from a group carries it). */
  total: z.number().int().optional(),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

export const taskGroupKinds = ['column', 'cell'] as const;
export const TASK_GROUP_MAX_LIMIT = 200;

/**
 * The board's columns or the grid's urgency × importance cells, each with its first page: the listing's
 * filters and sort, then how to group and how many tasks per group.
 */
export const listTaskGroupsQuerySchema = listTasksQuerySchema
  .pick({
    view: true,
    listId: true,
    parentId: true,
    q: true,
    dueFrom: true,
    dueTo: true,
    urgency: true,
    importance: true,
    status: true,
    sort: true,
    order: true,
    doneSince: true,
  })
  .extend({
    groupBy: z.enum(taskGroupKinds),
    limit: z.coerce.number().int().min(1).max(TASK_GROUP_MAX_LIMIT).optional(),
  });
export type ListTaskGroupsQuery = z.infer<typeof listTaskGroupsQuerySchema>;

/**
 * One column (columnId) or cell (urgency and importance): its first page, the cursor that continues it
 * with the listing (GET /tasks with the same filters plus the group's columnId, or urgency and
 * importance, and doneSince for a completion column) and how many tasks it holds in all. With doneSince,
 * a completion column also says how many tasks completed earlier it leaves out (hiddenCount).
 */
export const taskGroupSchema = z.object({
  columnId: idSchema.optional(),
  urgency: levelSchema.optional(),
  importance: levelSchema.optional(),
  items: z.array(taskSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  hiddenCount: z.number().int().optional(),
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

export const taskGroupsSchema = z.object({ groups: z.array(taskGroupSchema) });
export type TaskGroups = z.infer<typeof taskGroupsSchema>;

export const smartViewCountsSchema = z.object({
  items: z.array(z.object({ view: smartViewSchema, open: z.number().int(), completed: z.number().int() })),
});
export type SmartViewCounts = z.infer<typeof smartViewCountsSchema>;

export const bulkActions = [
  'move',
  'complete',
  'uncomplete',
  'archive',
  'unarchive',
  'delete',
  'restore',
  'setList',
  'setUrgency',
  'setImportance',
  'addToToday',
  'removeFromToday',
] as const;

export const bulkTasksBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('move'), ids: z.array(idSchema).min(1).max(500), columnId: idSchema }),
  z.strictObject({
    /** addToToday is refused whole (409 DAILY_LIMIT_REACHED) when Today would go over the daily limit. */
    action: z.enum([
      'complete',
      'uncomplete',
      'archive',
      'unarchive',
      'delete',
      'restore',
      'addToToday',
      'removeFromToday',
    ]),
    ids: z.array(idSchema).min(1).max(500),
  }),
  z.strictObject({
    action: z.literal('setList'),
    ids: z.array(idSchema).min(1).max(500),
    listId: idSchema.nullable(),
  }),
  z.strictObject({
    action: z.literal('setUrgency'),
    ids: z.array(idSchema).min(1).max(500),
    urgency: levelSchema,
  }),
  z.strictObject({
    action: z.literal('setImportance'),
    ids: z.array(idSchema).min(1).max(500),
    importance: levelSchema,
  }),
]);
export type BulkTasksBody = z.infer<typeof bulkTasksBodySchema>;

export const bulkTasksResponseSchema = z.object({ updated: z.number().int() });

export const createChecklistItemBodySchema = z.strictObject({
  title: textSchema().trim().min(1, 'Title is required').max(500),
  isOptional: z.boolean().optional(),
});
export const updateChecklistItemBodySchema = z
  .strictObject({
    title: textSchema().trim().min(1, 'Title is required').max(500),
    isOptional: z.boolean(),
    isCompleted: z.boolean(),
  })
  .partial();
export const checklistItemListSchema = z.object({ items: z.array(checklistItemSchema) });

export type TaskTreeNode = {
  id: string;
  title: string;
  listId: string | null;
  completedAt: Date | null;
  archivedAt: Date | null;
  dueDate: Date | null;
  dueDateHasTime: boolean;
  children: TaskTreeNode[];
};

/** A task with its subtasks, nested to any depth. */
export const taskTreeNodeSchema: z.ZodType<TaskTreeNode> = z
  .object({
    id: idSchema,
    title: z.string(),
    listId: idSchema.nullable(),
    completedAt: instantSchema.nullable(),
    archivedAt: instantSchema.nullable(),
    dueDate: instantSchema.nullable(),
    dueDateHasTime: dueDateHasTimeSchema,
    get children() {
      return z.array(taskTreeNodeSchema);
    },
  })
  .meta({ id: 'TaskTreeNode' }); // recursive, so the OpenAPI document refers to it by name

export const taskForestSchema = z.object({ items: z.array(taskTreeNodeSchema) });

/** A new parent (null for the top level) and where among its children the task lands. */
export const reparentTaskBodySchema = z
  .strictObject({ parentId: idSchema.nullable(), ...placementFields })
  .refine(hasOnePlacement, placementMessage);
export type ReparentTaskBody = z.infer<typeof reparentTaskBodySchema>;

export const taskChecklistParamsSchema = z.strictObject({ taskId: idSchema });
export const checklistItemParamsSchema = z.strictObject({ taskId: idSchema, itemId: idSchema });
export const emptyTrashResponseSchema = z.object({ purged: z.number().int() });
