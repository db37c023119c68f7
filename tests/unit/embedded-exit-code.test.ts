import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

it('keeps a failing exit code in a process that loads the embedded database (vitest with the integration setup, CI)', () => {
	const folder = path.join(root, 'tests/.tmp')
	mkdirSync(folder, { recursive: true })
	const script = path.join(folder, 'exit-code-probe.ts')
	writeFileSync(script, "import '#db/embedded.ts'\nprocess.exitCode = 3\n")
	const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [script], { cwd: root, encoding: 'utf8', timeout: 50_000 })
	expect(result.status).toBe(3)
}, 60_000)
