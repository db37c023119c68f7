import { readFileSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'

/**
 * The test portal: a real authorization server (oidc-provider 9, a certified OpenID provider)
 * configured for SMART App Launch, and a FHIR R4 endpoint beside it serving the shared Synthea
 * bundles (../shared/fixtures/structured/fhir), as the tests' SMTP and S3 servers are started.
 * `npm run dev` runs one too and offers it as the 'Test portal' connection.
 *
 * - Sign-in and consent are oidc-provider's own pages (devInteractions): any login, any
 *   password. The login names a patient: 'clint' (default), 'kermit', 'marcos', or one added.
 * - Searches page (`pageSize`, link[next]); one 429 with Retry-After on the first laboratory
 *   search (`rateLimitOnce`); the controls below make an access token expire mid-sync, revoke
 *   the refresh tokens, slow or fail answers, update a resource, and add large patients.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures')
const BUNDLES: Record<string, string> = {
	clint: 'structured/fhir/synthea-clint-champlin.json',
	kermit: 'structured/fhir/synthea-kermit-trantow.json',
	marcos: 'structured/fhir/synthea-marcos-delagarza.json',
}
/** A text PDF lab report, attached to each fixture patient's DocumentReference. */
const ATTACHED_PDF = 'documents/lab/bluewater_final_report.pdf'

export const TEST_PORTAL_CLIENTS = {
	public: 'carebook-test-portal',
	confidential: 'carebook-test-portal-secret',
	confidentialSecret: 'test-portal-client-secret-0123456789',
	keyJwt: 'carebook-test-portal-jwt',
} as const

type Resource = { resourceType: string; id: string; meta?: { versionId?: string; lastUpdated?: string }; [key: string]: unknown }

type PortalPatient = { login: string; patientId: string; resources: Map<string, Resource> }

export type TestPortalOptions = {
	/** 0 (default): the system chooses. */
	port?: number
	/** Carebook's exact redirect URIs. */
	redirectUris: string[]
	/** Carebook's JWKS URL, for the private_key_jwt client. */
	jwksUri?: string
	pageSize?: number
	rateLimitOnce?: boolean
	/** false: no .well-known/smart-configuration (discovery falls back to the CapabilityStatement). */
	smartConfiguration?: boolean
	accessTokenTtlSeconds?: number
	/** Extra patients built from a fixture with another name and birth date (the dev server's demo patient). */
	renamedPatients?: { login: string; from: keyof typeof BUNDLES; given: string; family: string; birthDate: string }[]
	/** The host name in the issuer and FHIR addresses (default 127.0.0.1). */
	host?: string
}

export type TestPortal = Awaited<ReturnType<typeof startTestPortal>>

function readJson(file: string) {
	return JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { entry: { fullUrl: string; resource: Resource }[] }
}

/** A transaction bundle as a server holds it after the transaction: relative references, a version and a time on each resource. */
function loadPatient(login: string, file: string, lastUpdated: string): PortalPatient {
	const bundle = readJson(file)
	const byFullUrl = new Map(bundle.entry.map((entry) => [entry.fullUrl, `${entry.resource.resourceType}/${entry.resource.id}`]))
	const text = JSON.stringify(bundle.entry.map((entry) => entry.resource)).replace(/"reference":"(urn:uuid:[^"]+)"/g, (match, urn: string) =>
		byFullUrl.has(urn) ? `"reference":"${byFullUrl.get(urn)}"` : match,
	)
	const resources = new Map<string, Resource>()
	for (const resource of JSON.parse(text) as Resource[]) {
		resource.meta = { ...(resource.meta ?? {}), versionId: '1', lastUpdated }
		resources.set(`${resource.resourceType}/${resource.id}`, resource)
	}
	const patient = [...resources.values()].find((resource) => resource.resourceType === 'Patient')!
	const binaryId = `pdf-${patient.id}`
	resources.set(`DocumentReference/doc-${patient.id}`, {
		resourceType: 'DocumentReference',
		id: `doc-${patient.id}`,
		meta: { versionId: '1', lastUpdated },
		status: 'current',
		type: { coding: [{ system: 'http://loinc.org', code: '11502-2', display: 'Laboratory report' }], text: 'Laboratory report' },
		category: [{ coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category', code: 'clinical-note' }] }],
		subject: { reference: `Patient/${patient.id}` },
		date: '2025-03-14T10:00:00Z',
		description: 'Laboratory report (PDF)',
		content: [{ attachment: { contentType: 'application/pdf', url: `Binary/${binaryId}`, title: 'Laboratory report.pdf' } }],
	})
	return { login, patientId: patient.id, resources }
}

const LAB_CODES = [
	['2345-7', 'Glucose', 'mg/dL', 70, 110],
	['2160-0', 'Creatinine', 'mg/dL', 0.6, 1.3],
	['718-7', 'Hemoglobin', 'g/dL', 12, 17],
	['2093-3', 'Cholesterol', 'mg/dL', 140, 240],
	['6690-2', 'Leukocytes', '10*3/uL', 4, 11],
	['777-3', 'Platelets', '10*3/uL', 150, 400],
	['2951-2', 'Sodium', 'mmol/L', 135, 145],
	['2823-3', 'Potassium', 'mmol/L', 3.5, 5.1],
] as const

/** A patient of `count` resources: the Patient and laboratory Observations on distinct days (benchmarks). */
function generatedPatient(login: string, count: number, lastUpdated: string): PortalPatient {
	const patientId = `gen-${login}`
	const resources = new Map<string, Resource>()
	resources.set(`Patient/${patientId}`, {
		resourceType: 'Patient',
		id: patientId,
		meta: { versionId: '1', lastUpdated },
		name: [{ given: ['Generated'], family: login }],
		birthDate: '1970-01-01',
	})
	for (let index = 1; index < count; index++) {
		const [code, name, unit, low, high] = LAB_CODES[index % LAB_CODES.length]!
		const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(index / LAB_CODES.length) * 86_400_000).toISOString()
		const id = `gen-${login}-obs-${index}`
		resources.set(`Observation/${id}`, {
			resourceType: 'Observation',
			id,
			meta: { versionId: '1', lastUpdated },
			status: 'final',
			category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
			code: { coding: [{ system: 'http://loinc.org', code, display: name }], text: name },
			subject: { reference: `Patient/${patientId}` },
			effectiveDateTime: day,
			valueQuantity: {
				value: Math.round((low + (((index * 7919) % 100) / 100) * (high - low)) * 10) / 10,
				unit,
				system: 'http://unitsofmeasure.org',
				code: unit,
			},
			referenceRange: [{ low: { value: low, unit }, high: { value: high, unit } }],
		})
	}
	return { login, patientId, resources }
}

const SEARCHABLE = new Set([
	'Observation',
	'Condition',
	'MedicationRequest',
	'MedicationStatement',
	'AllergyIntolerance',
	'Immunization',
	'DiagnosticReport',
	'DocumentReference',
	'Encounter',
	'Procedure',
])

function categoryCodes(resource: Resource): string[] {
	const categories = (resource.category ?? []) as { coding?: { code?: string }[] }[] | { coding?: { code?: string }[] }
	return (Array.isArray(categories) ? categories : [categories]).flatMap((category) => (category.coding ?? []).map((coding) => coding.code ?? ''))
}

function subjectOf(resource: Resource): string | undefined {
	return ((resource.subject ?? resource.patient) as { reference?: string } | undefined)?.reference
}

export async function startTestPortal(options: TestPortalOptions) {
	const host = options.host ?? '127.0.0.1'
	const pageSize = options.pageSize ?? 50
	const startedAt = new Date(Date.now() - 60_000).toISOString()
	const patients = new Map<string, PortalPatient>()
	for (const [login, file] of Object.entries(BUNDLES)) patients.set(login, loadPatient(login, file, startedAt))
	for (const renamed of options.renamedPatients ?? []) {
		const base = loadPatient(renamed.login, BUNDLES[renamed.from]!, startedAt)
		const patient = [...base.resources.values()].find((resource) => resource.resourceType === 'Patient')!
		patient.name = [{ use: 'official', given: [renamed.given], family: renamed.family }]
		patient.birthDate = renamed.birthDate
		patients.set(renamed.login, base)
	}
	const pdf = readFileSync(path.join(FIXTURES, ATTACHED_PDF))

	const controls = {
		/** After this many more FHIR requests the access token in use is destroyed (it 'expires mid-sync'). */
		expireAccessTokenAfter: null as number | null,
		rateLimitOnce: options.rateLimitOnce ?? true,
		hasRateLimited: false,
		delayMs: 0,
		/** The next N FHIR requests answer this status. */
		failNext: { status: 0, count: 0 },
		requests: [] as { method: string; path: string; status: number }[],
		issuedRefreshTokens: [] as string[],
		/** Raw entries added to the first page of a type's searches (malformed or hostile resources). */
		extraEntries: {} as Record<string, unknown[]>,
		/** A next link added to the last page of a type's searches (another origin, say). */
		foreignNextLink: null as string | null,
		revocations: 0,
	}

	const server = http.createServer()
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()))
	const { port } = server.address() as AddressInfo
	const issuer = `http://${host}:${port}`
	const fhirBaseUrl = `${issuer}/fhir`

	const { privateKey } = await generateKeyPair('RS256', { extractable: true })
	const signingJwk = { ...(await exportJWK(privateKey)), kid: 'test-portal-1', use: 'sig', alg: 'RS256' }
	const resourceScopes = ['patient/*.rs', 'patient/*.read', 'user/*.rs', 'user/*.read']
	const clientBase = {
		redirect_uris: options.redirectUris,
		grant_types: ['authorization_code', 'refresh_token'],
		response_types: ['code' as const],
	}
	const configuration: Configuration = {
		clients: [
			{ ...clientBase, client_id: TEST_PORTAL_CLIENTS.public, token_endpoint_auth_method: 'none' },
			{
				...clientBase,
				client_id: TEST_PORTAL_CLIENTS.confidential,
				client_secret: TEST_PORTAL_CLIENTS.confidentialSecret,
				token_endpoint_auth_method: 'client_secret_basic',
			},
			...(options.jwksUri
				? [
						{
							...clientBase,
							client_id: TEST_PORTAL_CLIENTS.keyJwt,
							token_endpoint_auth_method: 'private_key_jwt' as const,
							token_endpoint_auth_signing_alg: 'RS384' as const,
							jwks_uri: options.jwksUri,
						},
					]
				: []),
		],
		scopes: ['openid', 'offline_access', 'fhirUser', 'launch/patient', ...resourceScopes],
		claims: { openid: ['sub'], fhirUser: ['fhirUser'] },
		conformIdTokenClaims: false,
		// SMART asks servers to accept RS384 and ES384 client assertions
		enabledJWA: { clientAuthSigningAlgValues: ['RS256', 'RS384', 'PS256', 'ES256', 'ES384'] },
		// oidc-provider refuses to fetch loopback addresses (its SSRF protection); Carebook's JWKS is on loopback here
		fetch: (url, init) => {
			const { dispatcher: _dispatcher, ...rest } = init as RequestInit & { dispatcher?: unknown }
			return fetch(url, rest)
		},
		cookies: { keys: ['test-portal-cookie-key-0123456789'] },
		jwks: { keys: [signingJwk] },
		features: {
			devInteractions: { enabled: true },
			revocation: { enabled: true },
			introspection: { enabled: true },
		},
		ttl: {
			AccessToken: options.accessTokenTtlSeconds ?? 3600,
			AuthorizationCode: 120,
			RefreshToken: 30 * 86_400,
			Grant: 30 * 86_400,
			Session: 86_400,
			Interaction: 3600,
			IdToken: 3600,
		},
		findAccount: (_ctx, id) => {
			const patient = patients.get(id) ?? patients.get('clint')!
			return { accountId: id, claims: () => ({ sub: id, fhirUser: `${fhirBaseUrl}/Patient/${patient.patientId}` }) }
		},
		issueRefreshToken: (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
		renderError: (ctx, out) => {
			ctx.type = 'html'
			ctx.body = `<!doctype html><title>Test portal error</title><h1>${String(out.error).replace(/[<>&]/g, '')}</h1>`
		},
	}
	const provider = new Provider(issuer, configuration)
	provider.use(async (ctx: KoaContextWithOIDC, next) => {
		// SMART servers issue a refresh token for offline_access without prompt=consent (OpenID Connect asks for it)
		if (ctx.path === '/auth' && ctx.method === 'GET' && /(^|\s)offline_access(\s|$)/.test(String(ctx.query.scope ?? '')) && !ctx.query.prompt) {
			ctx.query = { ...ctx.query, prompt: 'consent' }
		}
		await next()
		if (ctx.path === '/token' && ctx.method === 'POST' && ctx.status === 200 && ctx.body && typeof ctx.body === 'object') {
			const body = ctx.body as Record<string, unknown>
			const token = await provider.AccessToken.find(String(body.access_token))
			const patient = patients.get(token?.accountId ?? '') ?? patients.get('clint')!
			body.patient = patient.patientId
			if (typeof body.refresh_token === 'string') controls.issuedRefreshTokens.push(body.refresh_token)
		}
		if (ctx.path === '/token/revocation' && ctx.status === 200) controls.revocations++
		// the development sign-in pages import a web font from Google: nothing leaves this machine
		if (typeof ctx.body === 'string' && ctx.body.includes('fonts.googleapis.com'))
			ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);/g, '')
	})
	const oidcCallback = provider.callback()

	function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
		response.writeHead(status, { 'content-type': 'application/fhir+json', ...headers })
		response.end(JSON.stringify(body))
	}

	function smartConfiguration() {
		return {
			issuer,
			jwks_uri: `${issuer}/jwks`,
			authorization_endpoint: `${issuer}/auth`,
			token_endpoint: `${issuer}/token`,
			revocation_endpoint: `${issuer}/token/revocation`,
			introspection_endpoint: `${issuer}/token/introspection`,
			token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'private_key_jwt'],
			token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
			grant_types_supported: ['authorization_code', 'refresh_token'],
			scopes_supported: ['openid', 'fhirUser', 'launch/patient', 'offline_access', ...resourceScopes],
			response_types_supported: ['code'],
			code_challenge_methods_supported: ['S256'],
			capabilities: [
				'launch-standalone',
				'client-public',
				'client-confidential-symmetric',
				'client-confidential-asymmetric',
				'context-standalone-patient',
				'sso-openid-connect',
				'permission-offline',
				'permission-patient',
				'permission-v1',
				'permission-v2',
			],
		}
	}

	function capabilityStatement() {
		return {
			resourceType: 'CapabilityStatement',
			status: 'active',
			date: startedAt,
			kind: 'instance',
			software: { name: 'Carebook test portal' },
			fhirVersion: '4.0.1',
			format: ['json'],
			rest: [
				{
					mode: 'server',
					security: {
						service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
						extension: [
							{
								url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
								extension: [
									{ url: 'authorize', valueUri: `${issuer}/auth` },
									{ url: 'token', valueUri: `${issuer}/token` },
									{ url: 'revoke', valueUri: `${issuer}/token/revocation` },
								],
							},
						],
					},
					resource: [...SEARCHABLE, 'Patient', 'Binary'].map((type) => ({ type, interaction: [{ code: 'read' }, { code: 'search-type' }] })),
				},
			],
		}
	}

	async function authorize(request: IncomingMessage): Promise<PortalPatient | null> {
		const header = request.headers.authorization ?? ''
		const value = /^Bearer (.+)$/i.exec(header)?.[1]
		if (!value) return null
		const token = await provider.AccessToken.find(value)
		if (!token || token.isExpired) return null
		if (controls.expireAccessTokenAfter !== null) {
			if (controls.expireAccessTokenAfter <= 0) {
				controls.expireAccessTokenAfter = null
				await token.destroy()
				return null
			}
			controls.expireAccessTokenAfter--
		}
		return patients.get(token.accountId) ?? patients.get('clint')!
	}

	function searchset(request: URL, matches: Resource[], type: string) {
		const offset = Number(request.searchParams.get('_getpagesoffset') ?? 0)
		const count = Math.min(Number(request.searchParams.get('_count') ?? pageSize) || pageSize, pageSize)
		const page = matches.slice(offset, offset + count)
		const link = [{ relation: 'self', url: request.href }]
		if (offset + count < matches.length) {
			const next = new URL(request.href)
			next.searchParams.set('_getpagesoffset', String(offset + count))
			link.push({ relation: 'next', url: next.href })
		} else if (controls.foreignNextLink) {
			link.push({ relation: 'next', url: controls.foreignNextLink })
		}
		const extra = offset === 0 ? (controls.extraEntries[type] ?? []).map((resource) => ({ resource })) : []
		return {
			resourceType: 'Bundle',
			type: 'searchset',
			total: matches.length,
			meta: { lastUpdated: new Date().toISOString() },
			link,
			entry: [
				...page.map((resource) => ({ fullUrl: `${fhirBaseUrl}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
				...extra,
			],
		}
	}

	async function handleFhir(request: IncomingMessage, response: ServerResponse, url: URL) {
		const route = url.pathname.slice('/fhir'.length) || '/'
		if (route === '/.well-known/smart-configuration') {
			if (options.smartConfiguration === false) return send(response, 404, { error: 'not found' }, { 'content-type': 'application/json' })
			return send(response, 200, smartConfiguration(), { 'content-type': 'application/json' })
		}
		if (route === '/metadata') return send(response, 200, capabilityStatement())
		if (controls.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, controls.delayMs))
		if (controls.failNext.count > 0) {
			controls.failNext.count--
			return send(response, controls.failNext.status, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception' }] })
		}
		const patient = await authorize(request)
		if (!patient) {
			return send(
				response,
				401,
				{ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] },
				{ 'www-authenticate': 'Bearer error="invalid_token"' },
			)
		}
		const [, type, id] = route.split('/') as [string, string, string | undefined]
		if (type === 'Binary' && id) {
			if (id !== `pdf-${patient.patientId}`) return send(response, 404, { resourceType: 'OperationOutcome' })
			response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) })
			return response.end(pdf)
		}
		if (id) {
			const resource = patient.resources.get(`${type}/${id}`)
			return resource
				? send(response, 200, resource)
				: send(response, 404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] })
		}
		if (!SEARCHABLE.has(type)) return send(response, 404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-supported' }] })
		const subject = url.searchParams.get('patient') ?? url.searchParams.get('subject')
		if (!subject || subject.replace(/^Patient\//, '') !== patient.patientId)
			return send(response, 403, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'forbidden' }] })
		if (controls.rateLimitOnce && !controls.hasRateLimited && type === 'Observation' && url.searchParams.get('category') === 'laboratory') {
			controls.hasRateLimited = true
			return send(response, 429, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'throttled' }] }, { 'retry-after': '1' })
		}
		const category = url.searchParams.get('category')
		const since = url.searchParams
			.getAll('_lastUpdated')
			.find((value) => value.startsWith('gt'))
			?.slice(2)
		const matches = [...patient.resources.values()].filter(
			(resource) =>
				resource.resourceType === type &&
				subjectOf(resource) === `Patient/${patient.patientId}` &&
				(!category || categoryCodes(resource).includes(category)) &&
				(!since || (resource.meta?.lastUpdated ?? '') > since),
		)
		return send(response, 200, searchset(url, matches, type))
	}

	server.on('request', (request: IncomingMessage, response: ServerResponse) => {
		const url = new URL(request.url ?? '/', issuer)
		if (!url.pathname.startsWith('/fhir')) return oidcCallback(request, response)
		const status = () => response.statusCode
		response.on('finish', () => controls.requests.push({ method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, status: status() }))
		handleFhir(request, response, url).catch(() => {
			if (!response.headersSent) send(response, 500, { resourceType: 'OperationOutcome' })
			else response.end()
		})
	})

	return {
		issuer,
		fhirBaseUrl,
		port,
		controls,
		patientIdOf: (login: string) => patients.get(login)!.patientId,
		/** How many FHIR resources a login's patient has of the types Carebook reads. */
		resourcesOf: (login: string) => [...patients.get(login)!.resources.values()],
		/** A new version of one resource (a corrected result): bumps versionId and lastUpdated. */
		updateResource(login: string, reference: string, change: (resource: Resource) => void) {
			const resource = patients.get(login)!.resources.get(reference)
			if (!resource) throw new Error(`No ${reference}`)
			change(resource)
			resource.meta = { versionId: String(Number(resource.meta?.versionId ?? 1) + 1), lastUpdated: new Date().toISOString() }
		},
		/** A resource the portal did not have before (a new result). */
		addResource(login: string, resource: Resource) {
			resource.meta = { versionId: '1', lastUpdated: new Date().toISOString() }
			patients.get(login)!.resources.set(`${resource.resourceType}/${resource.id}`, resource)
		},
		addGeneratedPatient(login: string, count: number) {
			patients.set(login, generatedPatient(login, count, new Date().toISOString()))
		},
		/** Every refresh token issued so far stops working (the patient revoked the app at the portal). */
		async revokeRefreshTokens() {
			for (const value of controls.issuedRefreshTokens) {
				const token = await provider.RefreshToken.find(value)
				await token?.destroy()
			}
		},
		newRequestLog() {
			controls.requests.length = 0
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

/**
 * Signs in at the test portal as a browser would, following an authorization URL through
 * oidc-provider's sign-in and consent pages (with their cookies), and answers the URL the portal
 * sends back to Carebook (the redirect URI with code and state, or an error).
 */
export async function signInAtTestPortal(authorizationUrl: string, login = 'clint', options: { deny?: boolean } = {}): Promise<string> {
	const cookies = new Map<string, string>()
	const remember = (response: Response) => {
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';')
			const [name, ...rest] = pair!.split('=')
			cookies.set(name!.trim(), rest.join('='))
		}
	}
	const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	let url = authorizationUrl
	const portalOrigin = new URL(authorizationUrl).origin
	for (let step = 0; step < 20; step++) {
		const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } })
		remember(response)
		const location = response.headers.get('location')
		if (location) {
			const next = new URL(location, url)
			if (next.origin !== portalOrigin) return next.href
			url = next.href
			continue
		}
		const html = await response.text()
		const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
		const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1]
		if (!action || !prompt)
			throw new Error(
				`Test portal page without a form (status ${response.status}): ${html
					.replace(/<[^>]+>/g, ' ')
					.replace(/\s+/g, ' ')
					.slice(-300)}`,
			)
		const target = new URL(action.replace(/&amp;/g, '&'), url)
		if (options.deny && prompt === 'consent') {
			const abortHref = /href="([^"]*\/abort)"/.exec(html)?.[1]
			if (!abortHref) throw new Error('Test portal consent page without a cancel link')
			const abort = await fetch(new URL(abortHref, url), { redirect: 'manual', headers: { cookie: cookieHeader() } })
			remember(abort)
			url = new URL(abort.headers.get('location')!, url).href
			continue
		}
		const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
		const posted = await fetch(target, {
			method: 'POST',
			redirect: 'manual',
			body,
			headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
		})
		remember(posted)
		url = new URL(posted.headers.get('location')!, target).href
	}
	throw new Error('Test portal sign-in did not finish')
}
