-- Several values of one analyte on a document (docs/decisions/022-values-to-check.md): the rows other than the one chosen stand for nothing in trends.
ALTER TABLE "health_parameters" ADD COLUMN "alternate" boolean DEFAULT false NOT NULL;
