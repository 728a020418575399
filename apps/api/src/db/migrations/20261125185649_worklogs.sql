CREATE TABLE "worklogs_categories" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"breaks_multiplier" numeric(20, 6) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worklogs_categories_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "worklogs_categories_multiplier_min" CHECK ("worklogs_categories"."breaks_multiplier" >= 1)
);
--> statement-breakpoint
CREATE TABLE "worklogs_projects" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"client" text,
	"csv_export_config" jsonb,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worklogs_projects_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "worklogs_timers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"category_id" uuid,
	"task_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worklogs" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"category_id" uuid,
	"task_id" uuid,
	"task_name" text DEFAULT '' NOT NULL,
	"task_url" text,
	"pull_request_url" text,
	"description" text DEFAULT '' NOT NULL,
	"work_date" date NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"crosses_midnight" boolean DEFAULT false NOT NULL,
	"duration" integer NOT NULL,
	"breaks_multiplier" numeric(20, 6) DEFAULT '1' NOT NULL,
	"duration_with_breaks" numeric(20, 6) GENERATED ALWAYS AS (("worklogs"."duration" * "worklogs"."breaks_multiplier")::numeric(20, 6)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worklogs_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "worklogs_duration_positive" CHECK ("worklogs"."duration" > 0),
	CONSTRAINT "worklogs_multiplier_min" CHECK ("worklogs"."breaks_multiplier" >= 1),
	CONSTRAINT "worklogs_minutes_range" CHECK (("worklogs"."start_minute" is null or "worklogs"."start_minute" between 0 and 1439) and ("worklogs"."end_minute" is null or "worklogs"."end_minute" between 0 and 1439))
);
--> statement-breakpoint
ALTER TABLE "worklogs_categories" ADD CONSTRAINT "worklogs_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs_projects" ADD CONSTRAINT "worklogs_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs_timers" ADD CONSTRAINT "worklogs_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs_timers" ADD CONSTRAINT "worklogs_timers_project_fkey" FOREIGN KEY ("user_id","project_id") REFERENCES "public"."worklogs_projects"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs_timers" ADD CONSTRAINT "worklogs_timers_category_fkey" FOREIGN KEY ("user_id","category_id") REFERENCES "public"."worklogs_categories"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs" ADD CONSTRAINT "worklogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs" ADD CONSTRAINT "worklogs_project_fkey" FOREIGN KEY ("user_id","project_id") REFERENCES "public"."worklogs_projects"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worklogs" ADD CONSTRAINT "worklogs_category_fkey" FOREIGN KEY ("user_id","category_id") REFERENCES "public"."worklogs_categories"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worklogs_user_date_idx" ON "worklogs" USING btree ("user_id","work_date","id");--> statement-breakpoint
CREATE INDEX "worklogs_user_project_date_idx" ON "worklogs" USING btree ("user_id","project_id","work_date");--> statement-breakpoint
CREATE INDEX "worklogs_user_category_idx" ON "worklogs" USING btree ("user_id","category_id");--> statement-breakpoint
CREATE INDEX "worklogs_user_task_idx" ON "worklogs" USING btree ("user_id","task_id") WHERE "worklogs"."task_id" is not null;