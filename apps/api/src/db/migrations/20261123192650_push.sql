CREATE TABLE "push_subscriptions" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh_key" text NOT NULL,
	"auth_key" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_agent" text,
	"last_success_at" timestamp with time zone,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_active_idx" ON "push_subscriptions" USING btree ("user_id","is_active");--> statement-breakpoint
CREATE INDEX "tasks_open_due_sweep_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."completed_at" is null and "tasks"."deleted_at" is null and "tasks"."due_date" is not null;--> statement-breakpoint
CREATE INDEX "tasks_open_remind_sweep_idx" ON "tasks" USING btree ("remind_at") WHERE "tasks"."completed_at" is null and "tasks"."deleted_at" is null and "tasks"."remind_at" is not null;