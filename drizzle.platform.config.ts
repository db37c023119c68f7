import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	schema: './db/schema/platform.ts',
	out: './db/migrations/platform',
})
