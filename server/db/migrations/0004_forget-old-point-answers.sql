-- Stored answers of point upserts and deletes from before received_ids/received existed can't prove a
-- delivery to the outbox, which would retry them for ever. Forgetting them lets a retry run again: the
-- same writes (same device and sequence) change nothing and answer in the new shape.
DELETE FROM "idempotency_records"
WHERE jsonb_typeof("response") = 'object' AND "response" ? 'applied' AND "response" ? 'stale'
  AND NOT ("response" ? 'received_ids' OR "response" ? 'received');
