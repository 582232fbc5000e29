-- Proof of identity asked of an order's seller: one check per order, its reason, the SHA-256 of the
-- seller's link token, the photo sent (until staff record the verdict: then only the fact stays).
CREATE TABLE "order_identity_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"asked_because" text NOT NULL,
	"asked_by" text,
	"token_hash" text,
	"document_type" text,
	"image" "bytea",
	"uploaded_at" timestamp with time zone,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "order_identity_check_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "order_identity_check_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "order_identity_check_reason_known" CHECK ("order_identity_check"."asked_because" in ('amount', 'duplicate', 'staff')),
	CONSTRAINT "order_identity_check_document_known" CHECK ("order_identity_check"."document_type" is null or "order_identity_check"."document_type" in ('passport', 'driving-licence', 'identity-card')),
	CONSTRAINT "order_identity_check_outcome_known" CHECK ("order_identity_check"."outcome" is null or "order_identity_check"."outcome" in ('seen', 'refused')),
	CONSTRAINT "order_identity_check_verdict_whole" CHECK (("order_identity_check"."outcome" is null) = ("order_identity_check"."verified_at" is null)),
	CONSTRAINT "order_identity_check_upload_whole" CHECK ("order_identity_check"."image" is null or ("order_identity_check"."document_type" is not null and "order_identity_check"."uploaded_at" is not null)),
	CONSTRAINT "order_identity_check_fact_only" CHECK ("order_identity_check"."verified_at" is null or ("order_identity_check"."image" is null and "order_identity_check"."token_hash" is null))
);
--> statement-breakpoint
ALTER TABLE "order_identity_check" ADD CONSTRAINT "order_identity_check_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_identity_check" ADD CONSTRAINT "order_identity_check_asked_by_user_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_identity_check" ADD CONSTRAINT "order_identity_check_verified_by_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;