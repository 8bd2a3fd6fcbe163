-- A text as a JSON string. to_json is stable because some types' text forms follow settings (dates,
-- for one); a text's never does, so this is immutable, as a stored generated column needs.
CREATE OR REPLACE FUNCTION json_string(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT to_json(value)::text $$;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "lookup_cell" text GENERATED ALWAYS AS ('[' || num::text || ',"' || id::text || '",' || json_string(first_name || ' ' || last_name) || ']') STORED;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "calendar_cell" text GENERATED ALWAYS AS ('["' || id::text || '",' || epoch_minutes(start_at)::text || ',' || (epoch_minutes(end_at) - epoch_minutes(start_at))::text || ',"' || status || '",' || therapist_num::text || ',' || student_num::text || ',' || coalesce(department_num::text, 'null') || ']') STORED;--> statement-breakpoint
ALTER TABLE "therasessions" DROP COLUMN "start_min";--> statement-breakpoint
ALTER TABLE "therasessions" DROP COLUMN "end_min";