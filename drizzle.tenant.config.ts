import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	schema: './db/schema/tenant.ts',
	out: './db/migrations/tenant',
})
