-- Issue 34 item 2: each task of the list counts the messages to the student still unread, in the page's one
-- statement; this partial index holds only those messages, so the count per row reads a few index entries.
CREATE INDEX "order_messages_unread_idx" ON "order_messages" USING btree ("order_id") WHERE "status" = 'unread' AND "sender_role" <> 'client';
