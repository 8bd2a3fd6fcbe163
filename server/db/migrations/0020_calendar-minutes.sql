-- Minutes since 1970, rounded to the nearest: the epoch does not depend on the time zone, so the
-- function is immutable (as a stored generated column needs) though date_part in general is not.
CREATE OR REPLACE FUNCTION epoch_minutes(at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT round(date_part('epoch', at) / 60)::integer $$;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "start_min" integer GENERATED ALWAYS AS (epoch_minutes(start_at)) STORED;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "end_min" integer GENERATED ALWAYS AS (epoch_minutes(end_at)) STORED;
