CREATE TABLE "currency_rates" (
	"currency_id" uuid NOT NULL,
	"date" date NOT NULL,
	"rate" numeric(20, 6) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_id_date_pk" PRIMARY KEY("currency_id","date"),
	CONSTRAINT "currency_rates_rate_positive" CHECK ("currency_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_accounts" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"currency_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_accounts_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "money_categories" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_categories_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "money_recurring" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid NOT NULL,
	"sub_account_id" uuid,
	"account_to_id" uuid,
	"sub_account_to_id" uuid,
	"amount" numeric(20, 6) NOT NULL,
	"currency_id" uuid NOT NULL,
	"amount_to" numeric(20, 6),
	"currency_to_id" uuid,
	"category_id" uuid,
	"sub_category_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"quickurrence" jsonb NOT NULL,
	"next_date" date,
	"last_posted_date" date,
	"posted_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_recurring_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "money_recurring_amount_positive" CHECK ("money_recurring"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_recurring_postings" (
	"user_id" uuid NOT NULL,
	"recurring_id" uuid NOT NULL,
	"date" date NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_recurring_postings_user_id_recurring_id_date_pk" PRIMARY KEY("user_id","recurring_id","date")
);
--> statement-breakpoint
CREATE TABLE "money_transactions" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid NOT NULL,
	"sub_account_id" uuid,
	"transfer_id" uuid,
	"amount" numeric(20, 6) NOT NULL,
	"currency_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category_id" uuid,
	"sub_category_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"recurring_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_transactions_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "money_transactions_amount_positive" CHECK ("money_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD CONSTRAINT "money_accounts_parent_fkey" FOREIGN KEY ("user_id","parent_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_categories" ADD CONSTRAINT "money_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_categories" ADD CONSTRAINT "money_categories_parent_fkey" FOREIGN KEY ("user_id","parent_id") REFERENCES "public"."money_categories"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_currency_to_id_currencies_id_fk" FOREIGN KEY ("currency_to_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_account_fkey" FOREIGN KEY ("user_id","account_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_sub_account_fkey" FOREIGN KEY ("user_id","sub_account_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_account_to_fkey" FOREIGN KEY ("user_id","account_to_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_sub_account_to_fkey" FOREIGN KEY ("user_id","sub_account_to_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_category_fkey" FOREIGN KEY ("user_id","category_id") REFERENCES "public"."money_categories"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring" ADD CONSTRAINT "money_recurring_sub_category_fkey" FOREIGN KEY ("user_id","sub_category_id") REFERENCES "public"."money_categories"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_recurring_postings" ADD CONSTRAINT "money_recurring_postings_recurring_fkey" FOREIGN KEY ("user_id","recurring_id") REFERENCES "public"."money_recurring"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_account_fkey" FOREIGN KEY ("user_id","account_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_sub_account_fkey" FOREIGN KEY ("user_id","sub_account_id") REFERENCES "public"."money_accounts"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_category_fkey" FOREIGN KEY ("user_id","category_id") REFERENCES "public"."money_categories"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_sub_category_fkey" FOREIGN KEY ("user_id","sub_category_id") REFERENCES "public"."money_categories"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transactions" ADD CONSTRAINT "money_transactions_recurring_fkey" FOREIGN KEY ("user_id","recurring_id") REFERENCES "public"."money_recurring"("user_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_accounts_user_parent_idx" ON "money_accounts" USING btree ("user_id","parent_id");--> statement-breakpoint
CREATE INDEX "money_categories_user_parent_idx" ON "money_categories" USING btree ("user_id","parent_id");--> statement-breakpoint
CREATE INDEX "money_recurring_due_idx" ON "money_recurring" USING btree ("next_date") WHERE "money_recurring"."next_date" is not null;--> statement-breakpoint
CREATE INDEX "money_recurring_user_idx" ON "money_recurring" USING btree ("user_id","next_date");--> statement-breakpoint
CREATE INDEX "money_transactions_user_date_idx" ON "money_transactions" USING btree ("user_id","date","id");--> statement-breakpoint
CREATE INDEX "money_transactions_account_idx" ON "money_transactions" USING btree ("user_id","account_id","date","currency_id","type","amount");--> statement-breakpoint
CREATE INDEX "money_transactions_sub_account_idx" ON "money_transactions" USING btree ("user_id","sub_account_id") WHERE "money_transactions"."sub_account_id" is not null;--> statement-breakpoint
CREATE INDEX "money_transactions_category_idx" ON "money_transactions" USING btree ("user_id","category_id");--> statement-breakpoint
CREATE INDEX "money_transactions_sub_category_idx" ON "money_transactions" USING btree ("user_id","sub_category_id") WHERE "money_transactions"."sub_category_id" is not null;--> statement-breakpoint
CREATE INDEX "money_transactions_transfer_idx" ON "money_transactions" USING btree ("user_id","transfer_id") WHERE "money_transactions"."transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "money_transactions_recurring_idx" ON "money_transactions" USING btree ("user_id","recurring_id") WHERE "money_transactions"."recurring_id" is not null;