CREATE TABLE "attachments" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"note_id" uuid,
	"task_id" uuid,
	"file_name" text NOT NULL,
	"original_file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "attachments_one_owner" CHECK (("attachments"."note_id" is null) <> ("attachments"."task_id" is null))
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"folder_id" uuid,
	"parent_id" uuid,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', "notes"."title"), 'A') || setweight(to_tsvector('simple', "notes"."content"), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_note_fkey" FOREIGN KEY ("user_id","note_id") REFERENCES "public"."notes"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_task_fkey" FOREIGN KEY ("user_id","task_id") REFERENCES "public"."tasks"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_fkey" FOREIGN KEY ("user_id","parent_id") REFERENCES "public"."folders"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_parent_fkey" FOREIGN KEY ("user_id","parent_id") REFERENCES "public"."notes"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_folder_fkey" FOREIGN KEY ("user_id","folder_id") REFERENCES "public"."folders"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_user_note_idx" ON "attachments" USING btree ("user_id","note_id");--> statement-breakpoint
CREATE INDEX "attachments_user_task_idx" ON "attachments" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_storage_path_key" ON "attachments" USING btree ("storage_path");--> statement-breakpoint
CREATE INDEX "folders_user_parent_idx" ON "folders" USING btree ("user_id","parent_id");--> statement-breakpoint
CREATE INDEX "notes_user_folder_idx" ON "notes" USING btree ("user_id","folder_id");--> statement-breakpoint
CREATE INDEX "notes_user_parent_idx" ON "notes" USING btree ("user_id","parent_id");--> statement-breakpoint
CREATE INDEX "notes_live_updated_idx" ON "notes" USING btree ("user_id","updated_at","id") WHERE "notes"."deleted_at" is null and "notes"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notes_live_created_idx" ON "notes" USING btree ("user_id","created_at","id") WHERE "notes"."deleted_at" is null and "notes"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notes_live_title_idx" ON "notes" USING btree ("user_id",lower("title"),"id") WHERE "notes"."deleted_at" is null and "notes"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search_vector");