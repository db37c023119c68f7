import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
	{
		files: ['**/*.test.ts', 'tests/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
)
