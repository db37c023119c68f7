import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, inject } from 'vitest'
import { withDatabase } from '#db/embedded.ts'
import { closeDb } from '#db/client.ts'

const TEMPLATE_DATABASE = 'carebook_test_template'

/**
 * Gives the calling test file a database of its own, cloned from the
 * migrated template, and points the app's lazy pool (DATABASE_URL) at it.
 */
export function useTestDatabase() {
	const name = `carebook_test_${randomBytes(6).toString('hex')}`
	const serverUrl = inject('pgServerUrl')
	const url = withDatabase(serverUrl, name)
	beforeAll(async () => {
		const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
		await admin.unsafe(`create database "${name}" template "${TEMPLATE_DATABASE}"`)
		await admin.end()
		process.env.DATABASE_URL = url
	})
	afterAll(async () => {
		await closeDb()
		const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
		await admin.unsafe(`drop database if exists "${name}" with (force)`)
		await admin.end()
	})
	return { url }
}
