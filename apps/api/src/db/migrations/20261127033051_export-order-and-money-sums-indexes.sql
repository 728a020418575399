DROP INDEX "worklogs_user_project_date_idx";--> statement-breakpoint
DROP INDEX "money_transactions_account_idx";--> statement-breakpoint
CREATE INDEX "worklogs_user_project_order_idx" ON "worklogs" USING btree ("user_id","project_id","work_date",coalesce("start_minute", -1),"id");--> statement-breakpoint
CREATE INDEX "money_transactions_account_idx" ON "money_transactions" USING btree ("user_id","account_id","date","currency_id","type","amount","sub_account_id","transfer_id");