CREATE TABLE "app"."job_outcomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task" text NOT NULL,
	"job_id" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"error_code" text,
	"error_message" text,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_outcomes_task_id_idx" ON "app"."job_outcomes" USING btree ("task","id");