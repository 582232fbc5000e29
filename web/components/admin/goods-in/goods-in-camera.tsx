'use client'

import { useEffect, useRef, useState } from 'react'

/** The camera's words, from the Orders document's Goods in group. */
export type CameraWords = { cameraButton: string; cameraStop: string; cameraLabel: string; cameraFailed: string }

/** The part of the BarcodeDetector API used here (not yet in TypeScript's DOM types). */
type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> }
type DetectorClass = new (options: { formats: string[] }) => Detector

const EVERY_MS = 200

/**
 * The goods-in camera: a button that opens the back camera, reads the first Code 128 it sees and
 * hands it to the scan form, which posts it as if a scanner had typed it. Loaded only on the
 * goods-in page, and only where the browser can read Code 128.
 */
export function CameraScan({ words, onCode }: { words: CameraWords; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [failed, setFailed] = useState(false)

  const stop = () => {
    stream?.getTracks().forEach((track) => track.stop())
    setStream(null)
  }

  useEffect(() => {
    if (!stream || !video.current) return
    const element = video.current
    element.srcObject = stream
    void element.play().catch(() => setFailed(true))
    const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
    if (!Detector) return
    const detector = new Detector({ formats: ['code_128'] })
    let busy = false
    const timer = setInterval(() => {
      if (busy || element.readyState < 2) return
      busy = true
      detector
        .detect(element)
        .then((found) => {
          const code = found[0]?.rawValue
          if (!code) return
          clearInterval(timer)
          stream.getTracks().forEach((track) => track.stop())
          setStream(null)
          onCode(code)
        })
        .catch(() => setFailed(true))
        .finally(() => {
          busy = false
        })
    }, EVERY_MS)
    return () => clearInterval(timer)
  }, [stream, onCode])

  const start = async () => {
    setFailed(false)
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }))
    } catch {
      setFailed(true)
    }
  }

  return (
    <div className="goods-in-camera">
      {stream ? (
        <>
          <video ref={video} className="goods-in-camera__view" aria-label={words.cameraLabel} muted playsInline />
          <button type="button" className="button button--secondary" onClick={stop}>
            {words.cameraStop}
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={start}>
          {words.cameraButton}
        </button>
      )}
      {failed ? <p className="field__error">{words.cameraFailed}</p> : null}
    </div>
  )
}
