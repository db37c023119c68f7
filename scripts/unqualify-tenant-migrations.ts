/**
 * drizzle-kit writes foreign keys as REFERENCES "public"."x"; tenant
 * migrations run in whatever organization schema the migrator selects, so
 * they must name no schema. Run after `drizzle-kit generate` (npm run db:generate).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const folder = path.resolve('db/migrations/tenant')
for (const file of await readdir(folder)) {
	if (!file.endsWith('.sql')) continue
	const full = path.join(folder, file)
	const text = await readFile(full, 'utf8')
	const cleaned = text.replaceAll('"public".', '')
	if (cleaned !== text) await writeFile(full, cleaned)
}
