ALTER TABLE "seller_order" ADD COLUMN "payee_check" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payee_bank_name" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payee_reason" text;