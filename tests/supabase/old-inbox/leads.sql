pragma user_version = 9;
CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     token_hash TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     address TEXT NOT NULL,
     message TEXT NOT NULL DEFAULT '',
     pane_count TEXT NOT NULL,
     frequency TEXT NOT NULL,
     add_on_interior INTEGER NOT NULL CHECK (add_on_interior IN (0, 1)),
     add_on_screens INTEGER NOT NULL CHECK (add_on_screens IN (0, 1)),
     add_on_tracks INTEGER NOT NULL CHECK (add_on_tracks IN (0, 1)),
     is_post_construction TEXT CHECK (is_post_construction IN ('yes', 'no')),
     stories TEXT CHECK (stories IN ('1', '2', '3', '4+')),
     total_price INTEGER NOT NULL,
     client_total_price INTEGER,
     source_page TEXT,
     forward_status TEXT NOT NULL CHECK (forward_status IN ('off', 'pending', 'forwarded', 'failed')),
     forward_error TEXT,
     forwarded_at TEXT
   , idempotency_key TEXT, spam_reason TEXT, visit_earliest_date TEXT
     CHECK (visit_earliest_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'), visit_part_of_day TEXT
     CHECK (visit_part_of_day IN ('morning', 'afternoon', 'any')), price_sheet TEXT, attribution TEXT);
CREATE TABLE idempotency_keys (
     key TEXT PRIMARY KEY,
     request_hash TEXT NOT NULL,
     lead_id TEXT NOT NULL UNIQUE REFERENCES leads (id),
     answer TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     kind TEXT NOT NULL CHECK (kind IN ('create', 'update')),
     payload TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at INTEGER NOT NULL,
     leased_until INTEGER NOT NULL DEFAULT 0,
     give_up_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT
   );
CREATE TABLE "mail_outbox" (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     kind TEXT NOT NULL CHECK (kind IN ('owner', 'owner_update', 'visitor')),
     seq INTEGER NOT NULL,
     recipient TEXT,
     status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'dead', 'capped', 'held')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     next_attempt_at INTEGER NOT NULL,
     leased_until INTEGER NOT NULL DEFAULT 0,
     give_up_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     sent_version TEXT,
     quote_url TEXT,
     UNIQUE (lead_id, kind, seq)
   );
CREATE INDEX leads_created_at ON leads (created_at);
CREATE UNIQUE INDEX leads_idempotency_key ON leads (idempotency_key);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_lead ON outbox (lead_id, id);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, created_at);
insert into "leads" ("id", "token_hash", "created_at", "updated_at", "name", "email", "phone", "address", "message", "pane_count", "frequency", "add_on_interior", "add_on_screens", "add_on_tracks", "is_post_construction", "stories", "total_price", "client_total_price", "source_page", "forward_status", "forward_error", "forwarded_at", "idempotency_key", "spam_reason", "visit_earliest_date", "visit_part_of_day", "price_sheet", "attribution") values ('03f0d655-714f-4b2d-a98b-a442ca677d0e', '4190a67391f103be15bbe0a68ad9ece17e185cac3de690ec16d11bf261f95b30', '2026-11-27T13:22:54.521Z', '2026-11-27T13:22:54.521Z', 'Imported Campaign', 'jane@example.com', '(813) 555-0100', '100 Bayshore Blvd, Tampa, FL', 'Gate code 1234', '26-40', 'quarterly', 1, 0, 1, NULL, NULL, 345, 345, '/', 'pending', NULL, NULL, '53ce5358-f48e-4c42-b5df-65b5b4b28b66', NULL, NULL, NULL, '{"plans":{"0-25":{"initial":275,"monthly":125,"quarterly":175,"biannual":225},"26-40":{"initial":295,"monthly":145,"quarterly":195,"biannual":245},"41-60":{"initial":395,"monthly":245,"quarterly":295,"biannual":345},"61-80":{"initial":495,"monthly":345,"quarterly":395,"biannual":445},"81-100":{"initial":595,"monthly":445,"quarterly":495,"biannual":545}},"addOns":{"interior":100,"screens":25,"tracks":50}}', '{"utm_source":"google","gclid":"imp123"}');
insert into "leads" ("id", "token_hash", "created_at", "updated_at", "name", "email", "phone", "address", "message", "pane_count", "frequency", "add_on_interior", "add_on_screens", "add_on_tracks", "is_post_construction", "stories", "total_price", "client_total_price", "source_page", "forward_status", "forward_error", "forwarded_at", "idempotency_key", "spam_reason", "visit_earliest_date", "visit_part_of_day", "price_sheet", "attribution") values ('fd4b63dc-2d64-41ff-aa9b-ad703f01646e', 'e727ba9ebfac5b686625d06a676fed96dc854318bff1c832f593854219de0488', '2026-11-27T13:22:54.767Z', '2026-11-27T13:22:54.779Z', 'Imported Changed', 'jane@example.com', '(813) 555-0100', '100 Bayshore Blvd, Tampa, FL', 'Gate code 1234', '26-40', 'quarterly', 1, 0, 1, NULL, NULL, 345, NULL, '/', 'pending', NULL, NULL, '04bec1b7-55f0-498f-af66-40f9dca46941', NULL, NULL, NULL, '{"plans":{"0-25":{"initial":275,"monthly":125,"quarterly":175,"biannual":225},"26-40":{"initial":295,"monthly":145,"quarterly":195,"biannual":245},"41-60":{"initial":395,"monthly":245,"quarterly":295,"biannual":345},"61-80":{"initial":495,"monthly":345,"quarterly":395,"biannual":445},"81-100":{"initial":595,"monthly":445,"quarterly":495,"biannual":545}},"addOns":{"interior":100,"screens":25,"tracks":50}}', NULL);
insert into "leads" ("id", "token_hash", "created_at", "updated_at", "name", "email", "phone", "address", "message", "pane_count", "frequency", "add_on_interior", "add_on_screens", "add_on_tracks", "is_post_construction", "stories", "total_price", "client_total_price", "source_page", "forward_status", "forward_error", "forwarded_at", "idempotency_key", "spam_reason", "visit_earliest_date", "visit_part_of_day", "price_sheet", "attribution") values ('8f869b71-0682-4787-83de-2901066d3ec4', '5cf19130cec10c3ca639a201534e354c7f03487ff20f8a14ab41585d773674be', '2026-11-27T13:22:54.793Z', '2026-11-27T13:22:54.793Z', 'Imported Bot', 'jane@example.com', '(813) 555-0100', '100 Bayshore Blvd, Tampa, FL', 'Gate code 1234', '26-40', 'quarterly', 1, 0, 1, NULL, NULL, 345, 345, '/', 'off', NULL, NULL, '1b459602-4910-489b-8595-b7d4d2ef1494', 'the hidden honeypot field was filled in', NULL, NULL, '{"plans":{"0-25":{"initial":275,"monthly":125,"quarterly":175,"biannual":225},"26-40":{"initial":295,"monthly":145,"quarterly":195,"biannual":245},"41-60":{"initial":395,"monthly":245,"quarterly":295,"biannual":345},"61-80":{"initial":495,"monthly":345,"quarterly":395,"biannual":445},"81-100":{"initial":595,"monthly":445,"quarterly":495,"biannual":545}},"addOns":{"interior":100,"screens":25,"tracks":50}}', NULL);
insert into "idempotency_keys" ("key", "request_hash", "lead_id", "answer", "created_at") values ('53ce5358-f48e-4c42-b5df-65b5b4b28b66', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '03f0d655-714f-4b2d-a98b-a442ca677d0e', '{"id":"03f0d655-714f-4b2d-a98b-a442ca677d0e","token":"dJ0w7SJ9-Wob_OrqMnBXjM2aR1l74QR2"}', '2026-11-27T13:22:54.521Z');
insert into "outbox" ("id", "lead_id", "kind", "payload", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at") values (1, '03f0d655-714f-4b2d-a98b-a442ca677d0e', 'create', '{"event":"create","id":"03f0d655-714f-4b2d-a98b-a442ca677d0e","name":"Imported Campaign","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"quarterly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":345,"sourcePage":"/","attribution":{"utm_source":"google","gclid":"imp123"}}', 'pending', 0, '2026-11-27T13:22:54.763Z', 1795785774763, 0, 1795872174763, NULL, NULL);
insert into "outbox" ("id", "lead_id", "kind", "payload", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at") values (2, 'fd4b63dc-2d64-41ff-aa9b-ad703f01646e', 'create', '{"event":"create","id":"fd4b63dc-2d64-41ff-aa9b-ad703f01646e","name":"Imported Changed","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"quarterly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":345,"sourcePage":"/"}', 'pending', 0, '2026-11-27T13:22:54.767Z', 1795785774767, 0, 1795872174767, NULL, NULL);
insert into "outbox" ("id", "lead_id", "kind", "payload", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at") values (3, 'fd4b63dc-2d64-41ff-aa9b-ad703f01646e', 'update', '{"event":"update","id":"fd4b63dc-2d64-41ff-aa9b-ad703f01646e","name":"Imported Changed","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"monthly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":295,"sourcePage":"/"}', 'pending', 0, '2026-11-27T13:22:54.774Z', 1795785774774, 0, 1795872174774, NULL, NULL);
insert into "outbox" ("id", "lead_id", "kind", "payload", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at") values (4, 'fd4b63dc-2d64-41ff-aa9b-ad703f01646e', 'update', '{"event":"update","id":"fd4b63dc-2d64-41ff-aa9b-ad703f01646e","name":"Imported Changed","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"quarterly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":345,"sourcePage":"/"}', 'pending', 0, '2026-11-27T13:22:54.784Z', 1795785774784, 0, 1795872174784, NULL, NULL);
insert into "mail_outbox" ("id", "lead_id", "kind", "seq", "recipient", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at", "sent_version", "quote_url") values (1, '03f0d655-714f-4b2d-a98b-a442ca677d0e', 'visitor', 0, 'jane@example.com', 'pending', 0, '2026-11-27T13:22:54.764Z', 1795785774764, 0, 1795872174764, NULL, NULL, NULL, 'http://localhost:3000/my-quote#03f0d655-714f-4b2d-a98b-a442ca677d0e.dJ0w7SJ9-Wob_OrqMnBXjM2aR1l74QR2');
insert into "mail_outbox" ("id", "lead_id", "kind", "seq", "recipient", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at", "sent_version", "quote_url") values (2, '03f0d655-714f-4b2d-a98b-a442ca677d0e', 'owner', 0, NULL, 'pending', 0, '2026-11-27T13:22:54.764Z', 1795785894521, 0, 1795872294521, NULL, NULL, NULL, NULL);
insert into "mail_outbox" ("id", "lead_id", "kind", "seq", "recipient", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at", "sent_version", "quote_url") values (3, 'fd4b63dc-2d64-41ff-aa9b-ad703f01646e', 'visitor', 0, 'jane@example.com', 'pending', 0, '2026-11-27T13:22:54.767Z', 1795785774767, 0, 1795872174767, NULL, NULL, NULL, 'http://localhost:3000/my-quote#fd4b63dc-2d64-41ff-aa9b-ad703f01646e.GlrCZmMVLhU27GpBjk6vhz0eLrjSXq5h');
insert into "mail_outbox" ("id", "lead_id", "kind", "seq", "recipient", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at", "sent_version", "quote_url") values (4, 'fd4b63dc-2d64-41ff-aa9b-ad703f01646e', 'owner', 0, NULL, 'pending', 0, '2026-11-27T13:22:54.767Z', 1795785894767, 0, 1795872294767, NULL, NULL, NULL, NULL);
insert into "mail_outbox" ("id", "lead_id", "kind", "seq", "recipient", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at", "sent_version", "quote_url") values (5, '8f869b71-0682-4787-83de-2901066d3ec4', 'visitor', 0, 'jane@example.com', 'held', 0, '2026-11-27T13:22:54.794Z', 1795785774794, 0, 1795872174794, NULL, NULL, NULL, 'http://localhost:3000/my-quote#8f869b71-0682-4787-83de-2901066d3ec4.HbEqY3JHHqYJBsUK4BvyFdT-1dk_IdUn');
insert into "mail_outbox" ("id", "lead_id", "kind", "seq", "recipient", "status", "attempts", "created_at", "next_attempt_at", "leased_until", "give_up_at", "last_error", "sent_at", "sent_version", "quote_url") values (6, '8f869b71-0682-4787-83de-2901066d3ec4', 'owner', 0, NULL, 'pending', 0, '2026-11-27T13:22:54.794Z', 1795785894793, 0, 1795872294793, NULL, NULL, NULL, NULL);
