import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURES, registerPatient, startInstance, upload, type Instance } from './instance.ts'

/**
 * The upload folder (DATA_DIR/tmp) on a 1 MB tmpfs, so a larger upload
 * fills it: what a full disk does to an upload. Mounting needs root (CI
 * runs as root); without it the test is skipped, saying why.
 */
function mountSmallDisk(folder: string) {
	mkdirSync(folder, { recursive: true })
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', folder], { stdio: 'pipe' })
		return true
	} catch {
		return false
	}
}

describe('a full disk under the uploads', () => {
	let instance: Instance | undefined
	let uploadFolder = ''
	let isMounted = false

	beforeAll(async () => {
		instance = await startInstance({
			prepare: async (dataDir) => {
				uploadFolder = path.join(dataDir, 'tmp')
				isMounted = mountSmallDisk(uploadFolder)
			},
		})
	})
	afterAll(async () => {
		if (isMounted) execFileSync('umount', ['-l', uploadFolder])
		await instance?.destroy()
	})

	it("answers 507 at once with 'The server's storage is full; nothing was saved', leaves no partial file and logs no patient data", async (context) => {
		if (!isMounted) context.skip('mounting a tmpfs needs root')
		const { base } = instance!
		const cookie = await registerPatient(base)
		const name = 'Maria Mustermann lab report.pdf'
		// 3 MB of a PDF-looking file: more than the 1 MB the folder has
		const large = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)])
		const refused = await upload(base, cookie, name, large)
		expect(refused.status).toBe(507)
		expect(refused.body).toMatchObject({ error: 'storage_full', message: "The server's storage is full; nothing was saved" })
		// at once: once the first megabyte has arrived (it hung for good before), whatever the machine's load
		expect(refused.ms).toBeLessThan(5_000)
		expect(readdirSync(uploadFolder).filter((file) => file.endsWith('.part'))).toEqual([])
		const logged = instance!.output()
		expect(logged).toContain('"event":"documents.upload_write_failed"')
		expect(logged).toContain('"errorCode":"ENOSPC"')
		expect(logged).not.toContain('Mustermann')

		// the server goes on: a file that fits is stored
		const small = readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))
		const stored = await upload(base, cookie, 'report.pdf', small)
		expect(stored.status).toBe(201)
	})
})
