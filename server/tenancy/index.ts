export { withTenant, forgetTenant, isTenantGone, TenantNotFoundError, type TenantTransaction } from './tenant.ts'
export { provisionOrganization } from './provision.ts'
export { migrateTenantSchema, tenantMigrationCount } from './tenant-migrations.ts'
export { isTenantSchemaName } from './schema-name.ts'
