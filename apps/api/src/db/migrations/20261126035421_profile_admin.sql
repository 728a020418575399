CREATE TABLE "client_error_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text,
	"release" text,
	"browser" text,
	"user_id" uuid,
	"sender_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_error_reports" ADD CONSTRAINT "client_error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_error_reports_received_at_idx" ON "client_error_reports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_error_reports_sender_received_idx" ON "client_error_reports" USING btree ("sender_hash","received_at");