CREATE TABLE "auth_failures" (
	"subject" text PRIMARY KEY NOT NULL,
	"failure_count" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_failures_last_failed_at_idx" ON "auth_failures" USING btree ("last_failed_at");