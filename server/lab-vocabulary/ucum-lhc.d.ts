/** @lhncbc/ucum-lhc ships no types: the part of its API server/extraction/ucum.ts uses. */
declare module '@lhncbc/ucum-lhc' {
	const ucum: unknown
	export default ucum
}
