-- {"mailRows":6,"leads":[{"id":"b67c7115-6d8b-4e5f-bd99-5fa631e4357e","token":"Yio9qnm6EEnu4dUNwgTa6AfWXZiO9nNF","createdAt":"2026-11-27T13:43:49.743Z","version":1},{"id":"aa26e729-ac04-4f0f-b51d-ca4eb14b68c1","token":"LazO09N4DO_W7XRDX2ri0_TBlcyMMTLu","createdAt":"2026-11-27T13:43:49.833Z","version":4},{"id":"f9b06a33-cb97-4939-a432-1d60e80a563a","token":"Vaq1tULg9KFcl-lJFAPKMNW5MMDllr1a","createdAt":"2026-11-27T13:43:49.877Z","version":1}]}
-- An embedded SQLite lead inbox (schema version 9, data/leads.db) as the site's own inbox code
-- (lib/leads/inbox.ts) made it before PostgreSQL replaced it, for import-sqlite's test
-- (owner-commands.spec.ts): a lead with attribution and an Idempotency-Key, one whose plan changed
-- twice, one a bot trap flagged; each queued for the lead function and by e-mail, none sent.
-- Line 1: each lead's id, saved-quote token, created time and delivery version (its newest
-- outbox row's id), and how many e-mail rows there are.
PRAGMA user_version = 9;
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
INSERT INTO leads (id, token_hash, created_at, updated_at, name, email, phone, address, message, pane_count, frequency, add_on_interior, add_on_screens, add_on_tracks, is_post_construction, stories, total_price, client_total_price, source_page, forward_status, forward_error, forwarded_at, idempotency_key, spam_reason, visit_earliest_date, visit_part_of_day, price_sheet, attribution) VALUES ('b67c7115-6d8b-4e5f-bd99-5fa631e4357e', '8e54a031f221dfc1122daefb15335e1dba837375ff06a20eccb26f5ad607599f', '2026-11-27T13:43:49.743Z', '2026-11-27T13:43:49.743Z', 'Imported Campaign', 'jane@example.com', '(813) 555-0100', '100 Bayshore Blvd, Tampa, FL', 'Gate code 1234', '26-40', 'quarterly', 1, 0, 1, NULL, NULL, 345, 345, '/', 'pending', NULL, NULL, 'f468d1c2-91cb-4754-a408-ce4c2474280b', NULL, NULL, NULL, '{"plans":{"0-25":{"initial":275,"monthly":125,"quarterly":175,"biannual":225},"26-40":{"initial":295,"monthly":145,"quarterly":195,"biannual":245},"41-60":{"initial":395,"monthly":245,"quarterly":295,"biannual":345},"61-80":{"initial":495,"monthly":345,"quarterly":395,"biannual":445},"81-100":{"initial":595,"monthly":445,"quarterly":495,"biannual":545}},"addOns":{"interior":100,"screens":25,"tracks":50}}', '{"utm_source":"google","gclid":"imp123"}');
INSERT INTO leads (id, token_hash, created_at, updated_at, name, email, phone, address, message, pane_count, frequency, add_on_interior, add_on_screens, add_on_tracks, is_post_construction, stories, total_price, client_total_price, source_page, forward_status, forward_error, forwarded_at, idempotency_key, spam_reason, visit_earliest_date, visit_part_of_day, price_sheet, attribution) VALUES ('aa26e729-ac04-4f0f-b51d-ca4eb14b68c1', '1e4f17ee9a96af3c1dd67519d3eeaacb9afff6268f392fba0af4147b3fbf7976', '2026-11-27T13:43:49.833Z', '2026-11-27T13:43:49.874Z', 'Imported Changed', 'jane@example.com', '(813) 555-0100', '100 Bayshore Blvd, Tampa, FL', 'Gate code 1234', '26-40', 'quarterly', 1, 0, 1, NULL, NULL, 345, NULL, '/', 'pending', NULL, NULL, '9148130b-99fb-4936-a764-00be29590823', NULL, NULL, NULL, '{"plans":{"0-25":{"initial":275,"monthly":125,"quarterly":175,"biannual":225},"26-40":{"initial":295,"monthly":145,"quarterly":195,"biannual":245},"41-60":{"initial":395,"monthly":245,"quarterly":295,"biannual":345},"61-80":{"initial":495,"monthly":345,"quarterly":395,"biannual":445},"81-100":{"initial":595,"monthly":445,"quarterly":495,"biannual":545}},"addOns":{"interior":100,"screens":25,"tracks":50}}', NULL);
INSERT INTO leads (id, token_hash, created_at, updated_at, name, email, phone, address, message, pane_count, frequency, add_on_interior, add_on_screens, add_on_tracks, is_post_construction, stories, total_price, client_total_price, source_page, forward_status, forward_error, forwarded_at, idempotency_key, spam_reason, visit_earliest_date, visit_part_of_day, price_sheet, attribution) VALUES ('f9b06a33-cb97-4939-a432-1d60e80a563a', '71b261e0c34683aad4c6f0c3453b4711cffb1f4694adb6476af59de76937f6d8', '2026-11-27T13:43:49.877Z', '2026-11-27T13:43:49.877Z', 'Imported Bot', 'jane@example.com', '(813) 555-0100', '100 Bayshore Blvd, Tampa, FL', 'Gate code 1234', '26-40', 'quarterly', 1, 0, 1, NULL, NULL, 345, 345, '/', 'off', NULL, NULL, '7233ebe9-f8c3-4b82-af61-84e809a5fab1', 'the hidden honeypot field was filled in', NULL, NULL, '{"plans":{"0-25":{"initial":275,"monthly":125,"quarterly":175,"biannual":225},"26-40":{"initial":295,"monthly":145,"quarterly":195,"biannual":245},"41-60":{"initial":395,"monthly":245,"quarterly":295,"biannual":345},"61-80":{"initial":495,"monthly":345,"quarterly":395,"biannual":445},"81-100":{"initial":595,"monthly":445,"quarterly":495,"biannual":545}},"addOns":{"interior":100,"screens":25,"tracks":50}}', NULL);
INSERT INTO idempotency_keys (key, request_hash, lead_id, answer, created_at) VALUES ('f468d1c2-91cb-4754-a408-ce4c2474280b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'b67c7115-6d8b-4e5f-bd99-5fa631e4357e', '{"id":"b67c7115-6d8b-4e5f-bd99-5fa631e4357e","token":"Yio9qnm6EEnu4dUNwgTa6AfWXZiO9nNF"}', '2026-11-27T13:43:49.743Z');
INSERT INTO outbox (id, lead_id, kind, payload, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at) VALUES (1, 'b67c7115-6d8b-4e5f-bd99-5fa631e4357e', 'create', '{"event":"create","id":"b67c7115-6d8b-4e5f-bd99-5fa631e4357e","name":"Imported Campaign","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"quarterly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":345,"sourcePage":"/","attribution":{"utm_source":"google","gclid":"imp123"}}', 'pending', 0, '2026-11-27T13:43:49.807Z', 1795787029807, 0, 1795873429807, NULL, NULL);
INSERT INTO outbox (id, lead_id, kind, payload, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at) VALUES (2, 'aa26e729-ac04-4f0f-b51d-ca4eb14b68c1', 'create', '{"event":"create","id":"aa26e729-ac04-4f0f-b51d-ca4eb14b68c1","name":"Imported Changed","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"quarterly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":345,"sourcePage":"/"}', 'pending', 0, '2026-11-27T13:43:49.833Z', 1795787029833, 0, 1795873429833, NULL, NULL);
INSERT INTO outbox (id, lead_id, kind, payload, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at) VALUES (3, 'aa26e729-ac04-4f0f-b51d-ca4eb14b68c1', 'update', '{"event":"update","id":"aa26e729-ac04-4f0f-b51d-ca4eb14b68c1","name":"Imported Changed","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"monthly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":295,"sourcePage":"/"}', 'pending', 0, '2026-11-27T13:43:49.866Z', 1795787029866, 0, 1795873429866, NULL, NULL);
INSERT INTO outbox (id, lead_id, kind, payload, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at) VALUES (4, 'aa26e729-ac04-4f0f-b51d-ca4eb14b68c1', 'update', '{"event":"update","id":"aa26e729-ac04-4f0f-b51d-ca4eb14b68c1","name":"Imported Changed","email":"jane@example.com","phone":"(813) 555-0100","address":"100 Bayshore Blvd, Tampa, FL","message":"Gate code 1234","paneCount":"26-40","frequency":"quarterly","addOns":{"interior":true,"screens":false,"tracks":true},"isPostConstruction":"","stories":"","totalPrice":345,"sourcePage":"/"}', 'pending', 0, '2026-11-27T13:43:49.875Z', 1795787029875, 0, 1795873429875, NULL, NULL);
INSERT INTO mail_outbox (id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url) VALUES (1, 'b67c7115-6d8b-4e5f-bd99-5fa631e4357e', 'visitor', 0, 'jane@example.com', 'pending', 0, '2026-11-27T13:43:49.812Z', 1795787029812, 0, 1795873429812, NULL, NULL, NULL, 'http://localhost:3000/my-quote#b67c7115-6d8b-4e5f-bd99-5fa631e4357e.Yio9qnm6EEnu4dUNwgTa6AfWXZiO9nNF');
INSERT INTO mail_outbox (id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url) VALUES (2, 'b67c7115-6d8b-4e5f-bd99-5fa631e4357e', 'owner', 0, NULL, 'pending', 0, '2026-11-27T13:43:49.812Z', 1795787149743, 0, 1795873549743, NULL, NULL, NULL, NULL);
INSERT INTO mail_outbox (id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url) VALUES (3, 'aa26e729-ac04-4f0f-b51d-ca4eb14b68c1', 'visitor', 0, 'jane@example.com', 'pending', 0, '2026-11-27T13:43:49.833Z', 1795787029833, 0, 1795873429833, NULL, NULL, NULL, 'http://localhost:3000/my-quote#aa26e729-ac04-4f0f-b51d-ca4eb14b68c1.LazO09N4DO_W7XRDX2ri0_TBlcyMMTLu');
INSERT INTO mail_outbox (id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url) VALUES (4, 'aa26e729-ac04-4f0f-b51d-ca4eb14b68c1', 'owner', 0, NULL, 'pending', 0, '2026-11-27T13:43:49.833Z', 1795787149833, 0, 1795873549833, NULL, NULL, NULL, NULL);
INSERT INTO mail_outbox (id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url) VALUES (5, 'f9b06a33-cb97-4939-a432-1d60e80a563a', 'visitor', 0, 'jane@example.com', 'held', 0, '2026-11-27T13:43:49.878Z', 1795787029878, 0, 1795873429878, NULL, NULL, NULL, 'http://localhost:3000/my-quote#f9b06a33-cb97-4939-a432-1d60e80a563a.Vaq1tULg9KFcl-lJFAPKMNW5MMDllr1a');
INSERT INTO mail_outbox (id, lead_id, kind, seq, recipient, status, attempts, created_at, next_attempt_at, leased_until, give_up_at, last_error, sent_at, sent_version, quote_url) VALUES (6, 'f9b06a33-cb97-4939-a432-1d60e80a563a', 'owner', 0, NULL, 'pending', 0, '2026-11-27T13:43:49.878Z', 1795787149877, 0, 1795873549877, NULL, NULL, NULL, NULL);
CREATE INDEX leads_created_at ON leads (created_at);
CREATE UNIQUE INDEX leads_idempotency_key ON leads (idempotency_key);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_lead ON outbox (lead_id, id);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, created_at);
