-- Minutes since 1970, cut to the minute rather than rounded: every clock on screen drops the
-- seconds (a start at 9:35:40 reads 9:35), and the calendar must read the same minute.
CREATE OR REPLACE FUNCTION epoch_minutes(at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT floor(date_part('epoch', at) / 60)::integer $$;--> statement-breakpoint
ALTER TABLE "therasessions" drop column "calendar_cell";--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "calendar_cell" text GENERATED ALWAYS AS ('["' || id::text || '",' || epoch_minutes(coalesce(planned_start_at, start_at))::text || ',' || (epoch_minutes(end_at) - epoch_minutes(start_at))::text || ',"' || status || '",' || therapist_num::text || ',' || student_num::text || ',' || coalesce(department_num::text, 'null') || ',' || coalesce(epoch_minutes(started_at)::text, 'null') || ']') STORED;