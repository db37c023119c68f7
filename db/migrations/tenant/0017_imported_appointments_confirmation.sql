-- Issue 41: an appointment imported from a file gets reminders only once the patient confirms it.
ALTER TABLE "appointments" ADD COLUMN "needs_confirmation" boolean DEFAULT false NOT NULL;