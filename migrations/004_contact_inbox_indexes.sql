-- Staff inbox: pages of contact messages newest first, and the unhandled count.

-- Keyset paging walks (created_at DESC, id DESC) from a row value `(created_at, id) < (...)`: the id
-- breaks ties between messages stored in the same microsecond, so pages neither repeat nor skip.
CREATE INDEX contact_messages_newest_idx ON contact_messages (created_at DESC, id DESC);

-- The inbox opens on unhandled messages, and every portal screen shows how many there are: this
-- index holds only those rows, so both stay cheap however many handled messages pile up.
CREATE INDEX contact_messages_unhandled_idx ON contact_messages (created_at DESC, id DESC) WHERE NOT handled;

-- Superseded: the first index above starts with the same column.
DROP INDEX contact_messages_created_at_idx;
