import { useEffect, useRef, useState } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { sendFile } from '#app/lib/upload/send-file.ts'

/** Takes a photo of a paper document with the device camera and uploads it as a JPEG. */
export function CameraCapture({ onFinished }: { onFinished: (result: { ids: string[]; failures: string[] }) => void }) {
	const videoRef = useRef<HTMLVideoElement>(null)
	const streamRef = useRef<MediaStream | null>(null)
	const [state, setState] = useState<'idle' | 'live' | 'captured' | 'uploading'>('idle')
	const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null)
	const [error, setError] = useState<string | null>(null)
	const [percent, setPercent] = useState(0)

	const stopCamera = () => {
		streamRef.current?.getTracks().forEach((track) => track.stop())
		streamRef.current = null
	}
	useEffect(() => stopCamera, [])

	async function startCamera() {
		setError(null)
		if (!navigator.mediaDevices?.getUserMedia) {
			setError('This browser cannot use a camera. Take a photo and use File Upload instead.')
			return
		}
		try {
			const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 2480 } } })
			streamRef.current = stream
			if (videoRef.current) {
				videoRef.current.srcObject = stream
				await videoRef.current.play()
			}
			setState('live')
		} catch {
			setError('Camera access was denied or no camera is available.')
		}
	}

	function capture() {
		const video = videoRef.current
		if (!video) return
		const canvas = document.createElement('canvas')
		canvas.width = video.videoWidth
		canvas.height = video.videoHeight
		canvas.getContext('2d')?.drawImage(video, 0, 0)
		canvas.toBlob(
			(blob) => {
				if (!blob) return
				setPhoto({ blob, url: URL.createObjectURL(blob) })
				stopCamera()
				setState('captured')
			},
			'image/jpeg',
			0.92,
		)
	}

	async function upload() {
		if (!photo) return
		setState('uploading')
		const name = `camera-capture-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.jpg`
		const result = await sendFile(photo.blob, name, setPercent)
		if (result.ok) onFinished({ ids: [result.documentId], failures: [] })
		else {
			setError(result.message)
			setState('captured')
		}
	}

	return (
		<div className="space-y-4">
			{error ? <Alert>{error}</Alert> : null}
			<video ref={videoRef} className={state === 'live' ? 'w-full max-w-xl rounded-md bg-black' : 'hidden'} playsInline muted />
			{photo && state !== 'live' ? <img src={photo.url} alt="Captured document" className="w-full max-w-xl rounded-md" /> : null}
			<div className="flex flex-wrap gap-3">
				{state === 'idle' ? <Button onClick={startCamera}>Open camera</Button> : null}
				{state === 'live' ? <Button onClick={capture}>Take photo</Button> : null}
				{state === 'captured' || state === 'uploading' ? (
					<>
						<Button onClick={upload} isPending={state === 'uploading'}>
							{state === 'uploading' ? `Uploading... ${percent}%` : 'Upload photo'}
						</Button>
						<Button variant="secondary" onClick={startCamera} disabled={state === 'uploading'}>
							Retake
						</Button>
					</>
				) : null}
			</div>
		</div>
	)
}
