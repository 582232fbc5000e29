CREATE TABLE "goods_in_scan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"scan_key" uuid NOT NULL,
	"staff_user_id" text,
	"code" text NOT NULL,
	"result" text NOT NULL,
	"order_id" uuid,
	"parcel_id" uuid,
	"received_at" timestamp with time zone,
	"received_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_in_scan_result_check" CHECK ("goods_in_scan"."result" in ('received', 'already', 'unmatched'))
);
--> statement-breakpoint
CREATE TABLE "goods_in_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unmatched_parcel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text,
	"photo" "bytea",
	"photo_type" text,
	"photo_width" integer,
	"photo_height" integer,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"closed_note" text,
	"order_id" uuid,
	CONSTRAINT "unmatched_parcel_state_check" CHECK ("unmatched_parcel"."state" in ('open', 'joined', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "unmatched_parcel_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parcel_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_in_scan" ADD CONSTRAINT "goods_in_scan_session_id_goods_in_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."goods_in_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_in_scan" ADD CONSTRAINT "goods_in_scan_staff_user_id_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_in_scan" ADD CONSTRAINT "goods_in_scan_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_in_scan" ADD CONSTRAINT "goods_in_scan_parcel_id_unmatched_parcel_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."unmatched_parcel"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_in_session" ADD CONSTRAINT "goods_in_session_staff_user_id_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_parcel" ADD CONSTRAINT "unmatched_parcel_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_parcel" ADD CONSTRAINT "unmatched_parcel_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_parcel" ADD CONSTRAINT "unmatched_parcel_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_parcel_event" ADD CONSTRAINT "unmatched_parcel_event_parcel_id_unmatched_parcel_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."unmatched_parcel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_parcel_event" ADD CONSTRAINT "unmatched_parcel_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_in_scan_key_idx" ON "goods_in_scan" USING btree ("session_id","scan_key");--> statement-breakpoint
CREATE INDEX "goods_in_scan_session_idx" ON "goods_in_scan" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "goods_in_session_staff_idx" ON "goods_in_session" USING btree ("staff_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_parcel_open_code_idx" ON "unmatched_parcel" USING btree ("code_key") WHERE "unmatched_parcel"."state" = 'open';--> statement-breakpoint
CREATE INDEX "unmatched_parcel_state_idx" ON "unmatched_parcel" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "unmatched_parcel_event_parcel_idx" ON "unmatched_parcel_event" USING btree ("parcel_id","id");