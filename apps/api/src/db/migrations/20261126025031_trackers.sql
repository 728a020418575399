CREATE TABLE "tracker_dashboard" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"chart_type" text NOT NULL,
	"position" text NOT NULL,
	"size" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_dashboard_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "tracker_groups" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_groups_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "tracker_groups_priority_min" CHECK ("tracker_groups"."priority" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracker_logs" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"tracker_id" uuid NOT NULL,
	"value" numeric(20, 6) NOT NULL,
	"note" text,
	"log_date" timestamp with time zone NOT NULL,
	"calculated_day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_logs_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "tracker_sources" (
	"user_id" uuid NOT NULL,
	"tracker_id" uuid NOT NULL,
	"source_tracker_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tracker_sources_user_id_tracker_id_source_tracker_id_pk" PRIMARY KEY("user_id","tracker_id","source_tracker_id")
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"value_format" text DEFAULT 'number' NOT NULL,
	"currency_id" uuid,
	"unit" text,
	"note" text,
	"lower_boundary" numeric(20, 6),
	"upper_boundary" numeric(20, 6),
	"group_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"origin" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"system_source" text,
	"system_source_key" text,
	"system_source_version" text,
	"is_calculated" boolean DEFAULT false NOT NULL,
	"calculation_formula" text,
	"last_recalculation_date" date,
	"daily_recalculation_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trackers_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "trackers_currency_format" CHECK (("trackers"."value_format" = 'currency') = ("trackers"."currency_id" is not null)),
	CONSTRAINT "trackers_boundaries_order" CHECK ("trackers"."lower_boundary" is null or "trackers"."upper_boundary" is null or "trackers"."lower_boundary" <= "trackers"."upper_boundary"),
	CONSTRAINT "trackers_system_source" CHECK ("trackers"."is_system" = ("trackers"."system_source" is not null))
);
--> statement-breakpoint
ALTER TABLE "tracker_dashboard" ADD CONSTRAINT "tracker_dashboard_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_groups" ADD CONSTRAINT "tracker_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_logs" ADD CONSTRAINT "tracker_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_logs" ADD CONSTRAINT "tracker_logs_tracker_fkey" FOREIGN KEY ("user_id","tracker_id") REFERENCES "public"."trackers"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_sources" ADD CONSTRAINT "tracker_sources_tracker_fkey" FOREIGN KEY ("user_id","tracker_id") REFERENCES "public"."trackers"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_sources" ADD CONSTRAINT "tracker_sources_source_fkey" FOREIGN KEY ("user_id","source_tracker_id") REFERENCES "public"."trackers"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_group_fkey" FOREIGN KEY ("user_id","group_id") REFERENCES "public"."tracker_groups"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_logs_tracker_date_idx" ON "tracker_logs" USING btree ("user_id","tracker_id","log_date","id","value");--> statement-breakpoint
CREATE INDEX "tracker_logs_user_date_idx" ON "tracker_logs" USING btree ("user_id","log_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_logs_calculated_day_idx" ON "tracker_logs" USING btree ("user_id","tracker_id","calculated_day") WHERE "tracker_logs"."calculated_day" is not null;--> statement-breakpoint
CREATE INDEX "tracker_sources_source_idx" ON "tracker_sources" USING btree ("user_id","source_tracker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_system_source_idx" ON "trackers" USING btree ("user_id","system_source",coalesce("system_source_key", '')) WHERE "trackers"."system_source" is not null;--> statement-breakpoint
CREATE INDEX "trackers_user_group_idx" ON "trackers" USING btree ("user_id","group_id");