-- Each copy taken of the purchase register or the stock book is itself a record (it names sellers):
-- never changed or removed, but for the database's own emptying of the account column when a staff
-- account is deleted (the name beside it stays). The same rule as the stock ledger's (0030).
CREATE TRIGGER "record_export_append_only" BEFORE UPDATE OR DELETE ON "record_export"
  FOR EACH ROW EXECUTE FUNCTION "stock_record_unchanged"('made_by');
