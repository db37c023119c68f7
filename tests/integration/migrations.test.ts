import { describe, expect, it } from 'vitest'
import { getSql } from '#db/client.ts'
import { migrateAll } from '#db/migrate.ts'
import { registerPatient } from '#server/auth/index.ts'
import { tenantMigrationCount } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

const { url } = useTestDatabase()

describe('migrateAll', () => {
	it('is idempotent: a second run visits and applies nothing', async () => {
		await migrateAll(url)
		const second = await migrateAll(url)
		expect(second).toEqual({ tenantSchemas: 0, tenantMigrationsApplied: 0, failedTenantSchemas: [] })
	})

	it('applies the tenant set to every organization schema that lacks it, visiting only those', async () => {
		const created = await Promise.all(
			['One', 'Two', 'Three'].map((name, index) => registerPatient({ name, email: `tenant${index}@example.test`, password: 'Correct-horse-9' })),
		)
		const sql = getSql()
		// Two schemas lose everything: tables and their record of migrations.
		for (const { organization } of created.slice(0, 2)) {
			await sql.unsafe(`drop schema "${organization.schemaName}" cascade`)
		}
		const report = await migrateAll(url)
		expect(report.tenantSchemas).toBe(2)
		expect(report.tenantMigrationsApplied).toBe(2 * tenantMigrationCount())
		for (const { organization } of created) {
			const [row] = await sql`select to_regclass(${`"${organization.schemaName}".notifications`}) as name`
			expect(row!.name).not.toBeNull()
		}
	})
})
