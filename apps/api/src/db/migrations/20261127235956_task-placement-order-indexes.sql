DROP INDEX "tasks_user_column_priority_idx";--> statement-breakpoint
DROP INDEX "tasks_user_parent_idx";--> statement-breakpoint
CREATE INDEX "tasks_user_column_priority_id_idx" ON "tasks" USING btree ("user_id","column_id","priority","id");--> statement-breakpoint
CREATE INDEX "tasks_user_parent_priority_id_idx" ON "tasks" USING btree ("user_id","parent_id","priority","id");