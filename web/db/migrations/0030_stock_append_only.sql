-- A stock device's events and erasure records are its evidence (for the police, the accountant
-- and the seller's certificate): once written they are never changed or removed. The one change
-- allowed is the database's own: a staff account deleted empties the account column (ON DELETE
-- SET NULL), while the name written beside it stays.
CREATE FUNCTION "stock_record_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'UPDATE'
    AND to_jsonb(NEW) ->> account IS NULL
    AND (to_jsonb(NEW) - account) = (to_jsonb(OLD) - account) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% rows are never changed or removed (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_event_append_only" BEFORE UPDATE OR DELETE ON "stock_event"
  FOR EACH ROW EXECUTE FUNCTION "stock_record_unchanged"('actor_user_id');
--> statement-breakpoint
CREATE TRIGGER "device_erasure_append_only" BEFORE UPDATE OR DELETE ON "device_erasure"
  FOR EACH ROW EXECUTE FUNCTION "stock_record_unchanged"('recorded_by');
