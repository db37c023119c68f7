import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { RotatingLog } from './rotating-log.ts'

describe('RotatingLog', () => {
	it('rotates past its size, keeps the newest files, and writes them for the owner only', () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'rotating-log-'))
		const file = path.join(folder, 'logs', 'postgres.log')
		const log = new RotatingLog(file, { maxBytes: 100, keep: 2 })
		for (let line = 0; line < 20; line++) log.write(`line ${String(line).padStart(2, '0')} ${'x'.repeat(30)}\n`)
		expect(readFileSync(file, 'utf8')).toContain('line 19')
		expect(readFileSync(`${file}.1`, 'utf8')).toMatch(/line 1[5-7]/)
		expect(existsSync(`${file}.2`)).toBe(true)
		expect(existsSync(`${file}.3`)).toBe(false)
		for (const name of [file, `${file}.1`, `${file}.2`]) expect(statSync(name).size).toBeLessThanOrEqual(100)
		expect(statSync(file).mode & 0o777).toBe(0o600)
	})

	it('goes on from the size of a file left by an earlier run', () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'rotating-log-'))
		const file = path.join(folder, 'postgres.log')
		new RotatingLog(file, { maxBytes: 50, keep: 1 }).write('a'.repeat(40))
		new RotatingLog(file, { maxBytes: 50, keep: 1 }).write('b'.repeat(20))
		expect(readFileSync(`${file}.1`, 'utf8')).toBe('a'.repeat(40))
		expect(readFileSync(file, 'utf8')).toBe('b'.repeat(20))
	})
})
