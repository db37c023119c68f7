import { describe, expect, it } from 'vitest'
import { assertTenantSchemaName, generateTenantSchemaName, isTenantSchemaName } from './schema-name.ts'

describe('tenant schema names', () => {
	it('generates distinct names of the fixed shape', () => {
		const names = new Set(Array.from({ length: 200 }, generateTenantSchemaName))
		expect(names.size).toBe(200)
		for (const name of names) expect(isTenantSchemaName(name)).toBe(true)
	})

	it('refuses anything that could escape its quotes or name another schema', () => {
		for (const bad of ['public', 'app', 'org_', 'org_abc"; drop', 'ORG_ABCDEFGHIJKL', 'org_abcdefghijk1']) {
			expect(() => assertTenantSchemaName(bad)).toThrow()
		}
	})
})
