-- The smart-view counts now take "due from today on" as the dated tasks less those due before today,
-- summing the due buckets of the past; folds used to drop the buckets more than three days old, so the
-- kept buckets are rebuilt from the tasks. Writers to tasks wait meanwhile, so no difference is lost.
LOCK TABLE "tasks" IN SHARE MODE;
--> statement-breakpoint
DELETE FROM "task_time_counts";
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
