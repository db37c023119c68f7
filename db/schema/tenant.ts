import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/*
 * Tables created in every organization's schema (`org_…`). They are declared
 * without a schema on purpose: queries run with the search path that the
 * tenant entry point (server/tenancy) sets for one transaction, so the same
 * SQL reads the organization it was given and no other.
 * Owner columns hold platform user ids; records are their owner's alone.
 */

/** PostgreSQL's full-text document type: the generated `search_vector` columns global search reads (server/search). */
const tsvector = customType<{ data: string }>({
	dataType() {
		return 'tsvector'
	},
})

export const notifications = pgTable(
	'notifications',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		type: text('type').notNull(),
		title: text('title').notNull(),
		message: text('message').notNull(),
		link: text('link'),
		isRead: boolean('is_read').notNull().default(false),
		/** Set on notifications a job may write more than once (a retried or re-run job): one row per key and owner. */
		dedupeKey: text('dedupe_key'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		/** Order of writing within the organization: the live stream's event id, so a reconnect asks for what came after it. */
		seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
	},
	(table) => [
		index('notifications_owner_time_idx').on(table.ownerId, table.createdAt),
		uniqueIndex('notifications_owner_dedupe_key_idx').on(table.ownerId, table.dedupeKey),
		index('notifications_owner_seq_idx').on(table.ownerId, table.seq),
	],
)

export type DocumentStatus = 'queued' | 'processing' | 'processed' | 'failed'

export const documents = pgTable(
	'documents',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		/** The sanitised original name, for display only; files are stored by key. */
		fileName: text('file_name').notNull(),
		fileKind: text('file_kind').$type<'pdf' | 'jpeg' | 'png' | 'webp' | 'heic' | 'dicom' | 'ccda' | 'fhir'>().notNull(),
		mimeType: text('mime_type').notNull(),
		sizeBytes: integer('size_bytes').notNull(),
		sha256: text('sha256').notNull(),
		storageKey: text('storage_key').notNull(),
		previewKey: text('preview_key'),
		/** The spec's file-name guess (bloodwork, imaging, visit, procedure, other). */
		categoryGuess: text('category_guess').notNull(),
		title: text('title').notNull(),
		description: text('description'),
		documentType: text('document_type').$type<'lab_report' | 'imaging' | 'clinical_notes' | 'immunization' | 'other'>().notNull().default('other'),
		documentDate: date('document_date', { mode: 'string' }),
		/**
		 * A printed date whose day and month could be either way round: its two readings (YYYY-MM-DD),
		 * for the patient to choose on the record's page; null once chosen or when there was no doubt.
		 */
		dateChoices: date('date_choices', { mode: 'string' }).array(),
		provider: text('provider'),
		summary: text('summary'),
		tags: text('tags')
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		extractedText: text('extracted_text'),
		pages: integer('pages'),
		details: jsonb('details').$type<Record<string, unknown>>(),
		/**
		 * Whose record this is (server/documents/shared/subject-match.ts): the patient printed in it
		 * against the profile. 'mismatch' asks the patient 'Is this you?'; until answered, and when
		 * answered 'someone_else', its values count in no trend, score, risk, prediction or compare.
		 */
		subjectMatch: text('subject_match').$type<'matched' | 'unknown' | 'mismatch' | 'confirmed_self' | 'someone_else'>().notNull().default('unknown'),
		status: text('status').$type<DocumentStatus>().notNull().default('queued'),
		failureReason: text('failure_reason'),
		failureMessage: text('failure_message'),
		attempts: integer('attempts').notNull().default(0),
		timings: jsonb('timings').$type<{ extractMs: number; ocrMs: number; totalMs: number; queuedMs?: number }>(),
		uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
		processingStartedAt: timestamp('processing_started_at', { withTimezone: true }),
		processedAt: timestamp('processed_at', { withTimezone: true }),
		/**
		 * Global search's ranking: title (A), provider and tags (B), description and summary (C). Small
		 * (stored in the row), so ranking thousands of matches stays cheap; matches come from search_vector.
		 */
		searchHead: tsvector('search_head')
			.notNull()
			.generatedAlwaysAs(
				sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(provider, '') || ' ' || app.search_text_of(tags)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(summary, '')), 'C')`,
			),
		/** Global search's matching: search_head's fields and the extracted text's first 100,000 characters (D). */
		searchVector: tsvector('search_vector')
			.notNull()
			.generatedAlwaysAs(
				sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(provider, '') || ' ' || app.search_text_of(tags)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(summary, '')), 'C') || setweight(to_tsvector('english'::regconfig, left(coalesce(extracted_text, ''), 100000)), 'D')`,
			),
	},
	(table) => [
		index('documents_owner_uploaded_idx').on(table.ownerId, table.uploadedAt),
		index('documents_owner_date_idx').on(table.ownerId, table.documentDate),
		index('documents_search_idx').using('gin', table.searchVector),
		index('documents_search_head_idx').using('gin', table.searchHead),
		/**
		 * Global search's first tier (words in the title): the title's own vector, whose statistics
		 * (gathered for an expression index) tell the planner how rare a title word is. search_head's
		 * weight-A filter had none: a word common in providers but absent from titles walked every row.
		 */
		index('documents_title_search_idx').using('gin', sql`to_tsvector('english'::regconfig, coalesce(${table.title}, ''))`),
	],
)

export const healthParameters = pgTable(
	'health_parameters',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
		source: text('source').$type<'document' | 'manual'>().notNull(),
		code: text('code').notNull(),
		/** LOINC code of the analyte when the vocabulary knows it (server/extraction/analytes.ts) */
		loinc: text('loinc'),
		name: text('name').notNull(),
		value: doublePrecision('value').notNull(),
		valueText: text('value_text').notNull(),
		/** the unit as printed, for display */
		unit: text('unit'),
		/** the same unit in UCUM, when it maps */
		ucumUnit: text('ucum_unit'),
		referenceRangeMin: doublePrecision('reference_range_min'),
		referenceRangeMax: doublePrecision('reference_range_max'),
		referenceRangeText: text('reference_range_text'),
		status: text('status').$type<'normal' | 'low' | 'high' | 'critical'>(),
		testDate: date('test_date', { mode: 'string' }).notNull(),
		position: integer('position').notNull().default(0),
		/**
		 * What identifies the entry across the patient's imported C-CDA and FHIR files (its id, and a
		 * hash of its code, value, unit and time): a value whose key another record already holds is
		 * not stored twice (server/health/document-parameters.ts). Null for values read from PDFs and scans.
		 */
		entryKeys: text('entry_keys').array(),
		/**
		 * Whether the value counts for the patient (server/health/counted-values.ts): 'accepted' as read,
		 * 'to_check' when name, value, unit and range disagree (server/extraction/plausibility.ts) until the
		 * patient confirms or corrects it, 'confirmed', 'corrected' (the reading below kept), 'added' by the
		 * patient (a row the reading missed), 'removed' (not a result; kept for the record, never counted).
		 */
		reviewStatus: text('review_status').$type<'accepted' | 'to_check' | 'confirmed' | 'corrected' | 'added' | 'removed'>().notNull().default('accepted'),
		/** the plausibility rule that kept the value to check, and the reason shown beside it */
		reviewCode: text('review_code'),
		reviewReason: text('review_reason'),
		/** the reading as extracted, kept when the patient corrected it */
		originalValueText: text('original_value_text'),
		originalUnit: text('original_unit'),
		originalReferenceRangeText: text('original_reference_range_text'),
		reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
		/**
		 * Another printed row of a code its document holds more than once on the date (another unit,
		 * population or fluid: server/extraction/same-analyte.ts): shown on the document page, never
		 * counted (server/health/counted-values.ts), where the one row chosen stands for the code.
		 */
		alternate: boolean('alternate').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('health_parameters_entry_keys_idx').using('gin', table.entryKeys),
		index('health_parameters_owner_code_date_idx').on(table.ownerId, table.code, table.testDate),
		index('health_parameters_document_idx').on(table.documentId),
		// The patient's manual readings (rows added together share created_at and test_date), newest first.
		index('health_parameters_owner_manual_idx')
			.on(table.ownerId, table.createdAt, table.testDate)
			.where(sql`${table.source} = 'manual'`),
	],
)

/**
 * A result row a document prints under a name the vocabulary does not know (server/extraction:
 * UnmappedResult): kept as printed, with the status its printed range gives, and shown on the
 * document's page 'not in trends'. When the patient says which analyte it is (or an earlier
 * choice for the same printed name does), a health parameter with the analyte's code is made
 * from it (`parameterId`; removed with it) and joins the trends (server/health/printed-results.ts).
 */
export const printedResults = pgTable(
	'printed_results',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		documentId: uuid('document_id')
			.notNull()
			.references(() => documents.id, { onDelete: 'cascade' }),
		/** the name as printed */
		name: text('name').notNull(),
		value: doublePrecision('value').notNull(),
		valueText: text('value_text').notNull(),
		unit: text('unit'),
		referenceRangeMin: doublePrecision('reference_range_min'),
		referenceRangeMax: doublePrecision('reference_range_max'),
		referenceRangeText: text('reference_range_text'),
		status: text('status').$type<'normal' | 'low' | 'high' | 'critical'>(),
		testDate: date('test_date', { mode: 'string' }).notNull(),
		position: integer('position').notNull().default(0),
		/** the trend value made from this row once coded; null while it is 'not in trends' */
		parameterId: uuid('parameter_id').references(() => healthParameters.id, { onDelete: 'set null' }),
		/** who coded it: the patient on this row, or the patient's earlier choice for the same printed name */
		codedBy: text('coded_by').$type<'patient' | 'earlier_choice'>(),
		codedAt: timestamp('coded_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('printed_results_document_idx').on(table.documentId), index('printed_results_parameter_idx').on(table.parameterId)],
)

/**
 * The analyte a patient said a printed name stands for (server/health/printed-results.ts): the
 * next document printing the same name (normalised as the vocabulary compares names) is coded
 * by it. One patient's choices code only that patient's documents.
 */
export const printedNameChoices = pgTable(
	'printed_name_choices',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		/** normaliseAnalyteName of the printed name */
		nameKey: text('name_key').notNull(),
		code: text('code').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [uniqueIndex('printed_name_choices_owner_name_idx').on(table.ownerId, table.nameKey)],
)

export const medications = pgTable(
	'medications',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		dose: text('dose'),
		frequency: text('frequency'),
		/** 'discontinued' is shown as Stopped. */
		status: text('status').$type<'active' | 'discontinued'>().notNull().default('active'),
		text: text('text').notNull(),
		position: integer('position').notNull().default(0),
		startDate: date('start_date', { mode: 'string' }),
		stoppedOn: date('stopped_on', { mode: 'string' }),
		/** As health_parameters.entry_keys: a medication an imported file repeats is stored once. */
		entryKeys: text('entry_keys').array(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** Global search: name (A), dose and frequency (C). */
		searchVector: tsvector('search_vector')
			.notNull()
			.generatedAlwaysAs(
				sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(dose, '') || ' ' || coalesce(frequency, '')), 'C')`,
			),
	},
	(table) => [
		index('medications_owner_idx').on(table.ownerId),
		index('medications_entry_keys_idx').using('gin', table.entryKeys),
		index('medications_document_idx').on(table.documentId),
		index('medications_search_idx').using('gin', table.searchVector),
	],
)

/** The patient's own inputs for risk calculators (age and sex for the pooled cohort equations…). */
export const healthProfiles = pgTable('health_profiles', {
	ownerId: uuid('owner_id').primaryKey(),
	dateOfBirth: date('date_of_birth', { mode: 'string' }),
	sex: text('sex').$type<'female' | 'male'>(),
	raceGroup: text('race_group').$type<'white' | 'african_american' | 'other'>(),
	isSmoker: boolean('is_smoker'),
	isTreatedForHypertension: boolean('is_treated_for_hypertension'),
	hasDiabetes: boolean('has_diabetes'),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const appointments = pgTable(
	'appointments',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		title: text('title').notNull(),
		provider: text('provider').notNull(),
		specialty: text('specialty').notNull(),
		location: text('location'),
		type: text('type').$type<'checkup' | 'specialist' | 'vaccination' | 'other'>().notNull().default('checkup'),
		status: text('status').$type<'confirmed' | 'pending' | 'cancelled'>().notNull(),
		startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
		durationMinutes: integer('duration_minutes').notNull(),
		/** IANA zone the time was entered in: 'Today' and day groups are computed in it. */
		timeZone: text('time_zone').notNull(),
		notes: text('notes'),
		contactPhone: text('contact_phone'),
		contactEmail: text('contact_email'),
		cancelReason: text('cancel_reason'),
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		/** An appointment imported from a FHIR file: its identity there, so importing the file again adds it once. */
		entryKeys: text('entry_keys').array(),
		/** Imported from a file and not yet confirmed by the patient: no reminders until it is (issue 41). */
		needsConfirmation: boolean('needs_confirmation').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** Global search: title (A), provider and specialty (B), location (C). */
		searchVector: tsvector('search_vector')
			.notNull()
			.generatedAlwaysAs(
				sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(provider, '') || ' ' || coalesce(specialty, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(location, '')), 'C')`,
			),
	},
	(table) => [
		index('appointments_owner_starts_idx').on(table.ownerId, table.startsAt),
		index('appointments_entry_keys_idx').using('gin', table.entryKeys),
		index('appointments_search_idx').using('gin', table.searchVector),
	],
)

/** Every reschedule and cancellation, newest last: the detail page shows the earlier times. */
export const appointmentChanges = pgTable(
	'appointment_changes',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		appointmentId: uuid('appointment_id')
			.notNull()
			.references(() => appointments.id, { onDelete: 'cascade' }),
		ownerId: uuid('owner_id').notNull(),
		kind: text('kind').$type<'rescheduled' | 'cancelled'>().notNull(),
		previousStartsAt: timestamp('previous_starts_at', { withTimezone: true }).notNull(),
		newStartsAt: timestamp('new_starts_at', { withTimezone: true }),
		reason: text('reason'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('appointment_changes_appointment_idx').on(table.appointmentId, table.createdAt)],
)

/**
 * A share (server/sharing): a link to some of the owner's documents. The
 * token lives only in the link; its hash is in the platform's share-token
 * index. `recipientEmail` is null for 'Anyone with the link'.
 */
export const shares = pgTable(
	'shares',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		recipientEmail: text('recipient_email'),
		/** Argon2id of the optional passcode. */
		passcodeHash: text('passcode_hash'),
		expiresAt: timestamp('expires_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		/** Share via Email: the outbox message that carries the link (platform email_outbox); null when none was queued (no relay), so the list marks it 'Not sent'. */
		emailMessageId: uuid('email_message_id'),
	},
	(table) => [index('shares_owner_created_idx').on(table.ownerId, table.createdAt)],
)

/** The documents of a share; a deleted document leaves every share it was in. */
export const shareDocuments = pgTable(
	'share_documents',
	{
		shareId: uuid('share_id')
			.notNull()
			.references(() => shares.id, { onDelete: 'cascade' }),
		documentId: uuid('document_id')
			.notNull()
			.references(() => documents.id, { onDelete: 'cascade' }),
	},
	(table) => [
		uniqueIndex('share_documents_share_document_key').on(table.shareId, table.documentId),
		index('share_documents_document_idx').on(table.documentId),
	],
)

export type ShareAccessKind = 'opened' | 'downloaded' | 'passcode_failed'

/**
 * Every opening of a share's page, every file viewed or downloaded through
 * it and every wrong passcode (the passcode limit counts these rows). Coarse
 * client information only: the browser family and system, and the address
 * cut to its network (IPv4 /24, IPv6 /48).
 */
export const shareAccessLog = pgTable(
	'share_access_log',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		shareId: uuid('share_id')
			.notNull()
			.references(() => shares.id, { onDelete: 'cascade' }),
		kind: text('kind').$type<ShareAccessKind>().notNull(),
		documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
		client: text('client').notNull(),
		network: text('network'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('share_access_log_share_time_idx').on(table.shareId, table.createdAt)],
)

export type PortalConnectionStatus = 'connected' | 'needs_reconnect'
export type PortalSyncState = 'idle' | 'queued' | 'syncing' | 'failed'

/**
 * A patient's connection to a patient portal's FHIR R4 API (server/portals, SMART App Launch
 * standalone patient launch). The tokens are sealed with AES-256-GCM (server/portals/token-seal.ts)
 * and never leave the server; disconnecting deletes the row.
 */
export const portalConnections = pgTable(
	'portal_connections',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		/** The directory entry it was made from ('smart-sandbox', 'epic-sandbox', 'test-portal', 'endpoint:<id>'), or 'custom' for a typed address. */
		endpointKey: text('endpoint_key').notNull(),
		/** The client registration used (server/portals/client-registrations.ts): the key its settings are stored under. */
		clientKey: text('client_key').notNull(),
		name: text('name').notNull(),
		fhirBaseUrl: text('fhir_base_url').notNull(),
		issuer: text('issuer'),
		tokenEndpoint: text('token_endpoint').notNull(),
		revocationEndpoint: text('revocation_endpoint'),
		/** The portal's id of the patient (the token response's `patient`). */
		portalPatientId: text('portal_patient_id').notNull(),
		scope: text('scope').notNull(),
		/** Sealed JSON { accessToken, refreshToken }: AES-256-GCM under PORTAL_TOKEN_KEY. */
		sealedTokens: text('sealed_tokens').notNull(),
		accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
		status: text('status').$type<PortalConnectionStatus>().notNull().default('connected'),
		syncState: text('sync_state').$type<PortalSyncState>().notNull().default('idle'),
		/** What the running (or last) sync has done: counts by resource type, pages, its phase. Ids and counts only. */
		progress: jsonb('progress').$type<Record<string, unknown>>(),
		/** Why the last sync stopped (a code: 'rate_limited', 'server_error', 'too_large'...), null after one that finished. */
		lastError: text('last_error'),
		lastSyncStartedAt: timestamp('last_sync_started_at', { withTimezone: true }),
		lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
		/** The server's time when the last complete sync began: the next asks only for resources updated after it (_lastUpdated). */
		syncedUpTo: timestamp('synced_up_to', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('portal_connections_owner_idx').on(table.ownerId)],
)

/**
 * Every resource a connection has imported, by type and id: the version seen (a hash of the
 * resource) and the record (document) that holds it. A sync skips a resource whose version it
 * has, and an updated one goes back into the record that holds it.
 */
export const portalResources = pgTable(
	'portal_resources',
	{
		connectionId: uuid('connection_id')
			.notNull()
			.references(() => portalConnections.id, { onDelete: 'cascade' }),
		resourceType: text('resource_type').notNull(),
		resourceId: text('resource_id').notNull(),
		versionHash: text('version_hash').notNull(),
		documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('portal_resources_connection_resource_key').on(table.connectionId, table.resourceType, table.resourceId),
		index('portal_resources_document_idx').on(table.documentId),
	],
)

/**
 * A sign-in at a portal in progress (SMART App Launch): the state's hash, bound to the session
 * that began it, with the PKCE verifier and nonce (sealed) and what discovery found. Used once,
 * and only within ten minutes.
 */
export const portalAuthorizations = pgTable('portal_authorizations', {
	stateHash: text('state_hash').primaryKey(),
	ownerId: uuid('owner_id').notNull(),
	sessionHash: text('session_hash').notNull(),
	/** Set for a Reconnect: the connection whose tokens the sign-in replaces. */
	connectionId: uuid('connection_id').references(() => portalConnections.id, { onDelete: 'cascade' }),
	/** Sealed JSON: the code verifier, the nonce, the endpoint and what discovery found. */
	sealedRequest: text('sealed_request').notNull(),
	expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
