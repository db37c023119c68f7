import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PROJECT_ROOT } from '#server/project-root.ts'

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] }

/**
 * A temporary copy of db/migrations/tenant with one more migration at the
 * end (statements separated by drizzle's breakpoint marker), never written
 * into db/migrations. Point the process at it with useTenantMigrationsFolder
 * and remove it afterwards.
 */
export async function makeThrowawayTenantMigration(statements: string[], tag = '9999_throwaway') {
	const folder = await mkdtemp(path.join(os.tmpdir(), 'carebook-tenant-migrations-'))
	await cp(path.join(PROJECT_ROOT, 'db/migrations/tenant'), folder, { recursive: true })
	const journalPath = path.join(folder, 'meta/_journal.json')
	const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal
	const last = journal.entries.at(-1)!
	journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1, tag, breakpoints: true })
	await writeFile(journalPath, JSON.stringify(journal, null, 2))
	await writeFile(path.join(folder, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n'))
	return { folder, remove: () => rm(folder, { recursive: true, force: true }) }
}
