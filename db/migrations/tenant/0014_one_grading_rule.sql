-- One grading rule (docs/decisions/025-one-grading-rule.md), applied to the values stored before it.
-- A typed reading's range was the product's default, not a printed one: it is no range.
UPDATE "health_parameters" SET "reference_range_min" = NULL, "reference_range_max" = NULL
WHERE "source" = 'manual' AND "reference_range_text" IS NULL;--> statement-breakpoint
-- Blood pressure and BMI without a printed range: graded by ACC/AHA 2017 and WHO.
UPDATE "health_parameters" SET "status" = CASE
	WHEN "code" = 'systolic_bp' THEN CASE WHEN "value" > 180 THEN 'critical' WHEN "value" >= 120 THEN 'high' ELSE 'normal' END
	WHEN "code" = 'diastolic_bp' THEN CASE WHEN "value" > 120 THEN 'critical' WHEN "value" >= 80 THEN 'high' ELSE 'normal' END
	ELSE CASE WHEN "value" < 18.5 THEN 'low' WHEN "value" >= 25 THEN 'high' ELSE 'normal' END
END
WHERE "reference_range_min" IS NULL AND "reference_range_max" IS NULL
	AND (
		("code" IN ('systolic_bp', 'diastolic_bp') AND (coalesce(btrim("unit"), '') = '' OR lower(replace("unit", ' ', '')) IN ('mmhg', 'mm[hg]')))
		OR ("code" = 'bmi' AND (coalesce(btrim("unit"), '') = '' OR lower(replace("unit", ' ', '')) IN ('kg/m2', 'kg/m²', 'kg/m^2')))
	);--> statement-breakpoint
-- Any other typed reading: not graded, unless a critical glucose (the only critical value a reading can type).
UPDATE "health_parameters" SET "status" = CASE
	WHEN "code" = 'glucose' AND (coalesce(btrim("unit"), '') = '' OR lower(btrim("unit")) = 'mg/dl') AND ("value" < 50 OR "value" > 400) THEN 'critical'
	ELSE NULL
END
WHERE "source" = 'manual' AND "reference_range_min" IS NULL AND "reference_range_max" IS NULL
	AND "code" NOT IN ('systolic_bp', 'diastolic_bp', 'bmi');--> statement-breakpoint
-- A report's vital sign or body measure without a range was called 'normal' by default: not graded.
UPDATE "health_parameters" SET "status" = NULL
WHERE "source" = 'document' AND "reference_range_min" IS NULL AND "reference_range_max" IS NULL AND "status" = 'normal'
	AND "code" IN ('heart_rate', 'respiratory_rate', 'temperature', 'spo2', 'weight', 'height', 'waist');
