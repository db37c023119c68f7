/**
 * The test portal on its own (tests/support/portal-server.ts): a SMART authorization server
 * and a FHIR R4 endpoint over the shared Synthea bundles. `npm run dev` starts one itself;
 * this runs one for a benchmark or by hand, and prints its addresses as one JSON line.
 *
 *   tsx scripts/test-portal.ts --port=3801 --redirect-uri=http://localhost:3000/connections/callback
 *     [--generate=login:count ...] [--delay-ms=N] [--page-size=N] [--no-rate-limit]
 */
import { startTestPortal } from '../tests/support/portal-server.ts'

const args = process.argv.slice(2)
const values = (name: string) => args.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3))
const portal = await startTestPortal({
	port: Number(values('port')[0] ?? 0),
	redirectUris: values('redirect-uri'),
	jwksUri: values('jwks-uri')[0],
	pageSize: values('page-size')[0] ? Number(values('page-size')[0]) : undefined,
	rateLimitOnce: !args.includes('--no-rate-limit'),
})
for (const spec of values('generate')) {
	const [login, count] = spec.split(':')
	portal.addGeneratedPatient(login!, Number(count))
}
portal.controls.delayMs = Number(values('delay-ms')[0] ?? 0)
console.log(JSON.stringify({ issuer: portal.issuer, fhirBaseUrl: portal.fhirBaseUrl }))
const stop = () => void portal.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
