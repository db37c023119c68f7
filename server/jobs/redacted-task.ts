/**
 * graphile-worker keeps a failed job's error message in its jobs table
 * (last_error) and writes it to its log; a database error's message carries
 * the statement and its parameters (a document's text, a NUL byte that then
 * breaks the failure's own update). Each task's errors are replaced by one
 * that says only the class and the code (and a message of our own, which
 * names no value: what an administrator needs to see why jobs fail).
 */
import type { Task, TaskList } from 'graphile-worker'
import { describeError, SafeMessageError } from '#server/logger.ts'

/**
 * The error a task failed with, as the jobs table and the logs keep it: its class, cause's class and code,
 * and its message only when that is a text of our own (a SafeMessageError, such as the extraction's).
 */
export class TaskFailedError extends SafeMessageError {
	readonly code: string | undefined
	constructor(error: unknown) {
		const { errorName, causeName, errorCode, errorMessage } = describeError(error)
		super(`${errorName}${causeName ? `/${causeName}` : ''}${errorCode ? ` (${errorCode})` : ''}${errorMessage ? `: ${errorMessage}` : ''}`)
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
