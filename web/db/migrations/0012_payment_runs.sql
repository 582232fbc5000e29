CREATE TABLE "payment_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_count" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"file_sealed" text,
	"file_sha256" text NOT NULL,
	"file_deleted_at" timestamp with time zone,
	"state" text DEFAULT 'open' NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_run_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_run_state_known" CHECK ("payment_run"."state" in ('open', 'settled')),
	CONSTRAINT "payment_run_total_positive" CHECK ("payment_run"."total_pence" > 0 and "payment_run"."order_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_run_download" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"user_id" text,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_run_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_run_line_order_unique" UNIQUE("run_id","order_id"),
	CONSTRAINT "payment_run_line_state_known" CHECK ("payment_run_line"."state" in ('pending', 'paid', 'failed')),
	CONSTRAINT "payment_run_line_amount_positive" CHECK ("payment_run_line"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "seller_order" DROP CONSTRAINT "seller_order_status_known";--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payment_run_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_run" ADD CONSTRAINT "payment_run_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_download" ADD CONSTRAINT "payment_run_download_run_id_payment_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_download" ADD CONSTRAINT "payment_run_download_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_line" ADD CONSTRAINT "payment_run_line_run_id_payment_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_line" ADD CONSTRAINT "payment_run_line_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_run_created_idx" ON "payment_run" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_run_download_run_idx" ON "payment_run_download" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "payment_run_line_order_idx" ON "payment_run_line" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "seller_order" ADD CONSTRAINT "seller_order_payment_run_id_payment_run_id_fk" FOREIGN KEY ("payment_run_id") REFERENCES "public"."payment_run"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_order_payment_run_idx" ON "seller_order" USING btree ("payment_run_id");--> statement-breakpoint
ALTER TABLE "seller_order" ADD CONSTRAINT "seller_order_status_known" CHECK ("seller_order"."status" in ('placed', 'received', 'checked', 'revised', 'accepted', 'paying', 'payment-failed', 'returning', 'returned', 'paid', 'cancelled', 'expired', 'quarantined', 'closed'));