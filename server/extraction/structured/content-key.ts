import { createHash } from 'node:crypto'

/** An entry's identity where the file gives it no id: a short hash of what it says. */
export function contentKey(prefix: string, ...parts: unknown[]): string {
	return `${prefix}:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`
}
