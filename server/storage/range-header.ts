import type { ByteRange } from './file-storage.ts'

/**
 * One byte range from a Range header (`bytes=0-99`, `bytes=100-`, `bytes=-500`),
 * given the file's size; null when there is none or it is not one we serve
 * (several ranges, other units): the whole file is sent then. 'unsatisfiable'
 * when it starts past the end.
 */
export function parseRangeHeader(header: string | null, totalSize: number): ByteRange | 'unsatisfiable' | null {
	if (!header) return null
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
	if (!match || (!match[1] && !match[2])) return null
	if (!match[1]) {
		const suffix = Number(match[2])
		if (suffix === 0) return 'unsatisfiable'
		return { start: Math.max(0, totalSize - suffix), end: totalSize - 1 }
	}
	const start = Number(match[1])
	const end = match[2] ? Math.min(Number(match[2]), totalSize - 1) : totalSize - 1
	if (start >= totalSize || start > end) return 'unsatisfiable'
	return { start, end }
}
