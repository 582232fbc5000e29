-- The staff list's "Unclaimed" is the orders still in progress that nobody holds: an index of only
-- those (about a tenth of all orders), by how long each has waited, serves its page and its count.
CREATE INDEX "seller_order_open_since_idx" ON "seller_order" USING btree ("status_since","id") WHERE status not in ('paid', 'returned', 'cancelled', 'expired', 'closed');