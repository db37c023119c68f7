/** Kept for server/documents/process-document.ts until its owner moves the import to ./shared/messages.ts. */
export * from './shared/messages.ts'
