import { randomBytes } from 'node:crypto'
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'

const TENANT_SCHEMA_PATTERN = /^org_[a-z2-7]{12}$/

/** A new organization schema name: generated, never derived from input. */
export function generateTenantSchemaName() {
	return `org_${encodeBase32LowerCaseNoPadding(randomBytes(8)).slice(0, 12)}`
}

export function isTenantSchemaName(name: string) {
	return TENANT_SCHEMA_PATTERN.test(name)
}

export function assertTenantSchemaName(name: string) {
	if (!isTenantSchemaName(name)) throw new Error('Refusing a malformed tenant schema name')
}
