import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project folder (the one holding package.json and db/migrations),
 * found by walking up from this module, so it is right whether the code
 * runs from source or from a bundle in build/server/assets.
 */
function findProjectRoot() {
	let dir = path.dirname(fileURLToPath(import.meta.url))
	while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'db', 'migrations'))) {
		const parent = path.dirname(dir)
		if (parent === dir) return process.cwd()
		dir = parent
	}
	return dir
}

export const PROJECT_ROOT = findProjectRoot()
