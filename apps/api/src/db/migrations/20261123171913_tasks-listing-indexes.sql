CREATE TABLE "task_time_counts" (
	"user_id" uuid NOT NULL,
	"is_completed" boolean NOT NULL,
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"tasks" integer NOT NULL,
	"today_unset" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_view_counts" (
	"user_id" uuid NOT NULL,
	"is_completed" boolean NOT NULL,
	"live" integer NOT NULL,
	"archived" integer NOT NULL,
	"urgent" integer NOT NULL,
	"important" integer NOT NULL,
	"top_priority" integer NOT NULL,
	"planned" integer NOT NULL,
	"recurrent" integer NOT NULL,
	"pinned_today" integer NOT NULL,
	"pinned_new" integer NOT NULL,
	"dated_today_unset" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_time_counts" ADD CONSTRAINT "task_time_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_view_counts" ADD CONSTRAINT "task_view_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_time_counts_user_idx" ON "task_time_counts" USING btree ("user_id","kind","bucket");--> statement-breakpoint
CREATE INDEX "task_view_counts_user_idx" ON "task_view_counts" USING btree ("user_id","is_completed");--> statement-breakpoint
CREATE INDEX "tasks_live_due_order_idx" ON "tasks" USING btree ("user_id",coalesce("due_date", 'infinity'::timestamptz),"id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_live_created_order_idx" ON "tasks" USING btree ("user_id","created_at","id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_live_title_order_idx" ON "tasks" USING btree ("user_id",lower("title"),"id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_live_urgency_order_idx" ON "tasks" USING btree ("user_id","urgency","id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_live_importance_order_idx" ON "tasks" USING btree ("user_id","importance","id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_live_completed_order_idx" ON "tasks" USING btree ("user_id",coalesce("completed_at", '-infinity'::timestamptz),"id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_archive_order_idx" ON "tasks" USING btree ("user_id",coalesce("archived_at", '-infinity'::timestamptz),"id") WHERE "tasks"."deleted_at" is null and "tasks"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_trash_order_idx" ON "tasks" USING btree ("user_id",coalesce("deleted_at", '-infinity'::timestamptz),"id") WHERE "tasks"."deleted_at" is not null;
--> statement-breakpoint
-- Keeps task_view_counts and task_time_counts current: each statement that changes tasks appends, per
-- user and completion state (and quarter hour), the difference it made to each count (nothing where it
-- made none). Only tasks not in the trash count. Tasks deleted with their user append nothing.
CREATE FUNCTION "task_counts_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "task_view_counts"
    SELECT * FROM (
      SELECT c.user_id, c.completed_at IS NOT NULL,
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NOT NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.urgency = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.importance = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.urgency = 'high' AND c.importance = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.due_date IS NOT NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND (c.rrule IS NOT NULL OR c.quickurrence IS NOT NULL)), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_today), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_new), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_today IS NULL AND c.due_date IS NOT NULL), 0)
      FROM (SELECT n.*, 1 AS sign FROM new_rows n) c
      WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = c.user_id)
      GROUP BY 1, 2
    ) d (user_id, is_completed, live, archived, urgent, important, top_priority, planned, recurrent, pinned_today, pinned_new, dated_today_unset)
    WHERE (live, archived, urgent, important, top_priority, planned, recurrent, pinned_today, pinned_new, dated_today_unset)
      IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    INSERT INTO "task_time_counts"
    SELECT * FROM (
      SELECT c.user_id, c.completed_at IS NOT NULL, k.kind, k.bucket,
        sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.added_to_today IS NULL), 0)
      FROM (SELECT n.*, 1 AS sign FROM new_rows n) c
      CROSS JOIN LATERAL (VALUES
        ('due', date_bin('15 minutes', c.due_date, timestamptz '2000-01-01 00:00:00+00')),
        ('created', CASE WHEN c.added_to_new IS NULL THEN date_bin('15 minutes', c.created_at, timestamptz '2000-01-01 00:00:00+00') END)
      ) k (kind, bucket)
      WHERE c.deleted_at IS NULL AND c.archived_at IS NULL AND k.bucket IS NOT NULL
        AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = c.user_id)
      GROUP BY 1, 2, 3, 4
    ) d (user_id, is_completed, kind, bucket, tasks, today_unset)
    WHERE (tasks, today_unset) IS DISTINCT FROM (0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "task_view_counts"
    SELECT * FROM (
      SELECT c.user_id, c.completed_at IS NOT NULL,
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NOT NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.urgency = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.importance = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.urgency = 'high' AND c.importance = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.due_date IS NOT NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND (c.rrule IS NOT NULL OR c.quickurrence IS NOT NULL)), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_today), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_new), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_today IS NULL AND c.due_date IS NOT NULL), 0)
      FROM (SELECT o.*, -1 AS sign FROM old_rows o) c
      WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = c.user_id)
      GROUP BY 1, 2
    ) d (user_id, is_completed, live, archived, urgent, important, top_priority, planned, recurrent, pinned_today, pinned_new, dated_today_unset)
    WHERE (live, archived, urgent, important, top_priority, planned, recurrent, pinned_today, pinned_new, dated_today_unset)
      IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    INSERT INTO "task_time_counts"
    SELECT * FROM (
      SELECT c.user_id, c.completed_at IS NOT NULL, k.kind, k.bucket,
        sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.added_to_today IS NULL), 0)
      FROM (SELECT o.*, -1 AS sign FROM old_rows o) c
      CROSS JOIN LATERAL (VALUES
        ('due', date_bin('15 minutes', c.due_date, timestamptz '2000-01-01 00:00:00+00')),
        ('created', CASE WHEN c.added_to_new IS NULL THEN date_bin('15 minutes', c.created_at, timestamptz '2000-01-01 00:00:00+00') END)
      ) k (kind, bucket)
      WHERE c.deleted_at IS NULL AND c.archived_at IS NULL AND k.bucket IS NOT NULL
        AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = c.user_id)
      GROUP BY 1, 2, 3, 4
    ) d (user_id, is_completed, kind, bucket, tasks, today_unset)
    WHERE (tasks, today_unset) IS DISTINCT FROM (0, 0);
  ELSE
    INSERT INTO "task_view_counts"
    SELECT * FROM (
      SELECT c.user_id, c.completed_at IS NOT NULL,
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NOT NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.urgency = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.importance = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.urgency = 'high' AND c.importance = 'high'), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.due_date IS NOT NULL), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND (c.rrule IS NOT NULL OR c.quickurrence IS NOT NULL)), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_today), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_new), 0),
        coalesce(sum(c.sign) FILTER (WHERE c.archived_at IS NULL AND c.added_to_today IS NULL AND c.due_date IS NOT NULL), 0)
      FROM (SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o) c
      WHERE c.deleted_at IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = c.user_id)
      GROUP BY 1, 2
    ) d (user_id, is_completed, live, archived, urgent, important, top_priority, planned, recurrent, pinned_today, pinned_new, dated_today_unset)
    WHERE (live, archived, urgent, important, top_priority, planned, recurrent, pinned_today, pinned_new, dated_today_unset)
      IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    INSERT INTO "task_time_counts"
    SELECT * FROM (
      SELECT c.user_id, c.completed_at IS NOT NULL, k.kind, k.bucket,
        sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.added_to_today IS NULL), 0)
      FROM (SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o) c
      CROSS JOIN LATERAL (VALUES
        ('due', date_bin('15 minutes', c.due_date, timestamptz '2000-01-01 00:00:00+00')),
        ('created', CASE WHEN c.added_to_new IS NULL THEN date_bin('15 minutes', c.created_at, timestamptz '2000-01-01 00:00:00+00') END)
      ) k (kind, bucket)
      WHERE c.deleted_at IS NULL AND c.archived_at IS NULL AND k.bucket IS NOT NULL
        AND EXISTS (SELECT 1 FROM "users" u WHERE u.id = c.user_id)
      GROUP BY 1, 2, 3, 4
    ) d (user_id, is_completed, kind, bucket, tasks, today_unset)
    WHERE (tasks, today_unset) IS DISTINCT FROM (0, 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_counts_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_append"();
--> statement-breakpoint
CREATE TRIGGER "tasks_counts_update" AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_append"();
--> statement-breakpoint
CREATE TRIGGER "tasks_counts_delete" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_append"();
--> statement-breakpoint
-- The counts of the tasks already there.
INSERT INTO "task_view_counts"
SELECT user_id, completed_at IS NOT NULL,
  count(*) FILTER (WHERE archived_at IS NULL),
  count(*) FILTER (WHERE archived_at IS NOT NULL),
  count(*) FILTER (WHERE archived_at IS NULL AND urgency = 'high'),
  count(*) FILTER (WHERE archived_at IS NULL AND importance = 'high'),
  count(*) FILTER (WHERE archived_at IS NULL AND urgency = 'high' AND importance = 'high'),
  count(*) FILTER (WHERE archived_at IS NULL AND due_date IS NOT NULL),
  count(*) FILTER (WHERE archived_at IS NULL AND (rrule IS NOT NULL OR quickurrence IS NOT NULL)),
  count(*) FILTER (WHERE archived_at IS NULL AND added_to_today),
  count(*) FILTER (WHERE archived_at IS NULL AND added_to_new),
  count(*) FILTER (WHERE archived_at IS NULL AND added_to_today IS NULL AND due_date IS NOT NULL)
FROM "tasks" WHERE deleted_at IS NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "task_time_counts"
SELECT t.user_id, t.completed_at IS NOT NULL, k.kind, k.bucket, count(*), count(*) FILTER (WHERE t.added_to_today IS NULL)
FROM "tasks" t
CROSS JOIN LATERAL (VALUES
  ('due', date_bin('15 minutes', t.due_date, timestamptz '2000-01-01 00:00:00+00')),
  ('created', CASE WHEN t.added_to_new IS NULL THEN date_bin('15 minutes', t.created_at, timestamptz '2000-01-01 00:00:00+00') END)
) k (kind, bucket)
WHERE t.deleted_at IS NULL AND t.archived_at IS NULL AND k.bucket IS NOT NULL
GROUP BY 1, 2, 3, 4;
