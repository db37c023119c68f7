-- A document's tags as one text for its generated search vector (tenant tables). array_to_string is
-- STABLE (it goes through the element type's output function), which a generated column refuses;
-- for text[] the result depends on the value alone, so this wrapper may say IMMUTABLE.
CREATE OR REPLACE FUNCTION "app"."search_text_of"(tags text[]) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
