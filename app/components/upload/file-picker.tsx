import { useRef, useState, type DragEvent } from 'react'
import { MessageListAlert } from '#app/components/ui/message-list-alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'
import { ACCEPT_ATTRIBUTE, checkPickedFiles, UPLOAD_TEXTS } from '#server/documents/shared/file-checks.ts'
import { sendFile } from '#app/lib/upload/send-file.ts'
import { formatFileSize } from '#app/lib/format-file-size.ts'

type Progress = { name: string; percent: number; state: 'waiting' | 'uploading' | 'done' | 'failed'; message?: string }

/** One file's line while uploading: its percent, or once refused the server's reason in red (never a full bar). */
function FileProgress({ fileName, item }: { fileName: string; item: Progress }) {
	if (item.state === 'failed') {
		return (
			<span className="max-w-[60%] text-right text-sm font-medium text-red-700 dark:text-red-300" data-testid="upload-refused">
				<span aria-hidden>✕ </span>
				{item.message ?? UPLOAD_TEXTS.failedFallback(fileName)}
			</span>
		)
	}
	return (
		<span className="w-36 shrink-0" aria-live="polite">
			<progress className="h-2 w-24 align-middle" max={100} value={item.percent} aria-label={`Upload progress of ${fileName}`} />{' '}
			<span data-testid="upload-percent">{item.percent}%</span>
		</span>
	)
}

/**
 * Pick or drop files, check them, then upload them one at a time with a
 * progress percent each. Reports the uploaded document ids and the failures.
 */
export function FilePicker({ onFinished }: { onFinished: (result: { ids: string[]; failures: string[] }) => void }) {
	const inputRef = useRef<HTMLInputElement>(null)
	const [files, setFiles] = useState<File[]>([])
	const [notAdded, setNotAdded] = useState<string[]>([])
	const [progress, setProgress] = useState<Progress[]>([])
	const [failures, setFailures] = useState<string[]>([])
	const [allFailed, setAllFailed] = useState(false)
	const [isUploading, setUploading] = useState(false)
	const [isDragging, setDragging] = useState(false)

	function addFiles(picked: File[]) {
		const { accepted, rejected } = checkPickedFiles(picked)
		setNotAdded(rejected)
		setFiles((current) => [...current, ...accepted.filter((file) => !current.some((c) => c.name === file.name && c.size === file.size))])
	}

	async function upload() {
		if (!files.length || isUploading) return
		setUploading(true)
		setFailures([])
		setAllFailed(false)
		setProgress(files.map((file) => ({ name: file.name, percent: 0, state: 'waiting' })))
		const ids: string[] = []
		const failed: string[] = []
		for (const [index, file] of files.entries()) {
			const update = (patch: Partial<Progress>) => setProgress((current) => current.map((item, i) => (i === index ? { ...item, ...patch } : item)))
			update({ state: 'uploading' })
			const result = await sendFile(file, file.name, (percent) => update({ percent }))
			if (result.ok) {
				ids.push(result.documentId)
				update({ state: 'done', percent: 100 })
			} else {
				failed.push(`${file.name}: ${result.message}`)
				update({ state: 'failed', message: result.message })
			}
		}
		setUploading(false)
		setFailures(failed)
		if (ids.length) {
			setFiles([])
			setProgress([])
			onFinished({ ids, failures: failed })
		} else {
			setAllFailed(true)
		}
	}

	function onDrop(event: DragEvent) {
		event.preventDefault()
		setDragging(false)
		addFiles([...event.dataTransfer.files])
	}

	return (
		<div className="space-y-4">
			<MessageListAlert title={UPLOAD_TEXTS.notAdded} messages={notAdded} />
			<MessageListAlert title={allFailed ? UPLOAD_TEXTS.allFailed : UPLOAD_TEXTS.someFailed} messages={failures} />
			<div
				onDragOver={(event) => {
					event.preventDefault()
					setDragging(true)
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={onDrop}
				className={cn(
					'flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-10 text-center',
					isDragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 dark:border-slate-600',
				)}
			>
				<p className="text-sm text-slate-600 dark:text-slate-300">Drag and drop files here, or</p>
				<Button variant="secondary" className="mt-3" onClick={() => inputRef.current?.click()} disabled={isUploading}>
					Choose files
				</Button>
				<input
					ref={inputRef}
					type="file"
					multiple
					accept={ACCEPT_ATTRIBUTE}
					className="sr-only"
					aria-label="Choose files to upload"
					data-testid="file-input"
					onChange={(event) => {
						addFiles([...(event.target.files ?? [])])
						event.target.value = ''
					}}
				/>
				<p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{UPLOAD_TEXTS.acceptedTypes}</p>
			</div>
			{files.length ? (
				<ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Selected files">
					{files.map((file, index) => {
						const item = progress[index]
						return (
							<li
								key={`${file.name}-${file.size}`}
								className={cn('flex flex-wrap items-center gap-3 px-4 py-3 text-sm', item?.state === 'failed' && 'bg-red-50 dark:bg-red-950/40')}
							>
								<span className="min-w-0 flex-1 truncate">{file.name}</span>
								<span className="text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</span>
								{item ? (
									<FileProgress fileName={file.name} item={item} />
								) : (
									<button
										type="button"
										className="text-slate-500 dark:text-slate-400 hover:text-red-600"
										aria-label={`Remove ${file.name}`}
										onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
									>
										Remove
									</button>
								)}
							</li>
						)
					})}
				</ul>
			) : null}
			<Button onClick={upload} disabled={!files.length || isUploading} isPending={isUploading}>
				{isUploading ? 'Uploading...' : `Upload${files.length ? ` ${files.length} file${files.length === 1 ? '' : 's'}` : ''}`}
			</Button>
		</div>
	)
}
