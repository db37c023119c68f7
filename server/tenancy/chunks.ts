/**
 * Rows of one multi-row INSERT at most: PostgreSQL takes 65,535 parameters
 * per statement, and a row of the widest table (health_parameters) binds 23,
 * so a file's thousands of entries go in several statements (a single one
 * failed with MAX_PARAMETERS_EXCEEDED, or a RangeError building it).
 */
export const INSERT_CHUNK_ROWS = 1_000

/** `rows` in consecutive slices of at most `size`. */
export function inChunks<T>(rows: T[], size = INSERT_CHUNK_ROWS): T[][] {
	const chunks: T[][] = []
	for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size))
	return chunks
}
