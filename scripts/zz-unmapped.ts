import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { extractDocument } from '#server/extraction/index.ts'

const root = '../shared/fixtures'
for (const set of ['documents']) {
	const dir = path.join(root, set, 'lab')
	for (const file of readdirSync(dir).filter((name) => name.endsWith('.pdf'))) {
		const result = await extractDocument({ bytes: readFileSync(path.join(dir, file)), fileName: file, paddle: null })
		if (result.unmapped.length) console.log(`${set}/${file}: ${result.kind} coded ${result.parameters.length}, kept as printed ${result.unmapped.length}`)
		for (const row of result.unmapped) console.log(`    ${JSON.stringify([row.name, row.valueText, row.unit, row.referenceRangeText, row.status])}`)
	}
}
console.log('done')
