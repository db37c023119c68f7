/**
 * graphile-worker keeps a failed job's error message in its jobs table
 * (last_error) and writes it to its log; a database error's message carries
 * the statement and its parameters (a document's text, a NUL byte that then
 * breaks the failure's own update). Each task's errors are replaced by one
 * that says only the class and the code.
 */
import type { Task, TaskList } from 'graphile-worker'
import { describeError } from '#server/logger.ts'

export class TaskFailedError extends Error {
	readonly code: string | undefined
	constructor(error: unknown) {
		const { errorName, causeName, errorCode } = describeError(error)
		super(`${errorName}${causeName ? `/${causeName}` : ''}${errorCode ? ` (${errorCode})` : ''}`)
		this.name = 'TaskFailedError'
		this.code = errorCode
	}
}

export function withRedactedErrors(task: Task): Task {
	return async (payload, helpers) => {
		try {
			return await task(payload, helpers)
		} catch (error) {
			throw error instanceof TaskFailedError ? error : new TaskFailedError(error)
		}
	}
}

export function withRedactedTaskErrors(tasks: TaskList): TaskList {
	return Object.fromEntries(Object.entries(tasks).flatMap(([name, task]) => (task ? [[name, withRedactedErrors(task)]] : [])))
}
