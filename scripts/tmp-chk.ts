import { readFileSync } from 'node:fs'
import { readCcda } from '#server/extraction/structured/ccda-import.ts'
import { parseSafeXml } from '#server/extraction/structured/safe-xml.ts'
const m = JSON.parse(readFileSync('/work/shared/fixtures/structured/manifest.json', 'utf8'))
for (const f of m.files.filter((f: any) => f.path.startsWith('ccda'))) {
	const text = readFileSync('/work/shared/fixtures/structured/' + f.path, 'utf8')
	const r = readCcda(parseSafeXml(text, { fragment: f.path.includes('section-') }))
	const got = { results: r.observations.filter((o) => o.category === 'result').length, vital_signs: r.observations.filter((o) => o.category === 'vital').length, medications: r.medications.length, immunizations: r.immunizations.length, problems: r.problems.length, allergies: r.allergies.length }
	const exp = { ...f.counts }; delete exp.results_non_numeric
	const ok = JSON.stringify(exp) === JSON.stringify(got)
	console.log(ok ? 'OK ' : 'BAD', f.path, JSON.stringify(exp), ok ? '' : JSON.stringify(got), r.date, r.provider, r.patient.name, '|', f.document_date, f.author_organization, f.custodian_organization, f.patient_name)
	const want = [...(f.results ?? []), ...(f.vital_signs ?? [])]
	const have = r.observations
	for (const w of want) {
		const h = have.find((o) => o.loinc === w.loinc && o.value === w.value && o.effective === w.effective)
		const problems = !h ? 'missing' : [h.unit !== w.unit && `unit ${h.unit} vs ${w.unit}`, w.reference_range_min !== undefined && h.referenceRangeMin !== w.reference_range_min && `min ${h.referenceRangeMin} vs ${w.reference_range_min}`, w.reference_range_max !== undefined && h.referenceRangeMax !== w.reference_range_max && `max ${h.referenceRangeMax} vs ${w.reference_range_max}`, w.interpretation !== undefined && (h.interpretation ?? null) !== (w.interpretation ?? null) && `interp ${h.interpretation} vs ${w.interpretation}`, w.name !== h.name && `name ${h.name} vs ${w.name}`, w.reference_range_text !== undefined && (w.reference_range_text ?? null) !== h.referenceRangeText && `rtext ${h.referenceRangeText} vs ${w.reference_range_text}`].filter(Boolean).join('; ')
		if (problems) console.log('   ', w.loinc, w.value, w.effective, problems, h ? '' : JSON.stringify(have.filter((o) => o.loinc === w.loinc).map((o) => [o.value, o.effective])))
	}
}
