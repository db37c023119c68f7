-- Whose record a document is (server/documents/shared/subject-match.ts). Documents stored before count as 'unknown' (no question asked).
ALTER TABLE "documents" ADD COLUMN "subject_match" text DEFAULT 'unknown' NOT NULL;
