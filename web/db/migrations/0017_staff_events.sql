CREATE TABLE "staff_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"reason" text,
	CONSTRAINT "staff_event_actor_known" CHECK ("staff_event"."actor" in ('operator', 'manager'))
);
--> statement-breakpoint
ALTER TABLE "staff_event" ADD CONSTRAINT "staff_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_event" ADD CONSTRAINT "staff_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_event_user_idx" ON "staff_event" USING btree ("user_id","id");