'use client'

import dynamic from 'next/dynamic'
import { useActionState, useEffect, useRef, useState } from 'react'
import { FieldMessage } from '@/components/forms/field-message'
import { FRESH_FORM } from '@/forms/form-state'
import { scanForm } from '@/orders/goods-in/goods-in-actions'
import type { CameraWords } from './goods-in-camera'

/** The camera's leaf: fetched only where the browser can read a Code 128, so nobody else loads it. */
const CameraScan = dynamic(() => import('./goods-in-camera').then((module) => module.CameraScan), { ssr: false })

export type ScanFormWords = CameraWords & { codeLabel: string; codeHint: string; scanButton: string }

type Props = {
  words: ScanFormWords
  /** The session scanned into; none yet, and the first scan starts one. */
  sessionId: string | null
  /** This render's own key: the same form posted twice is one scan. */
  scanKey: string
  /** What the last scan did, in the content's words: said by the polite live region. */
  result: string
}

/**
 * The one field a handheld scanner types into: it holds the focus after every scan, and a polite
 * live region says what the scan did. Without scripts it is a plain form post and the page again.
 * Where the browser has a BarcodeDetector that reads Code 128, a button scans with the camera.
 */
export function GoodsInScanForm({ words, sessionId, scanKey, result }: Props) {
  const [state, post] = useActionState(scanForm, FRESH_FORM)
  const form = useRef<HTMLFormElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const [camera, setCamera] = useState(false)
  const problem = state.problems.find((found) => found.field === 'code')?.message ?? null

  // The focus comes back to the field after each answer, ready for the next parcel.
  useEffect(() => field.current?.focus(), [state.sent, scanKey])
  useEffect(() => {
    const detector = (globalThis as { BarcodeDetector?: { getSupportedFormats(): Promise<string[]> } }).BarcodeDetector
    detector
      ?.getSupportedFormats()
      .then((formats) => setCamera(formats.includes('code_128')))
      .catch(() => setCamera(false))
  }, [])

  const read = (code: string) => {
    if (!field.current) return
    field.current.value = code
    form.current?.requestSubmit()
  }
  const described = ['goods-in-code-hint', problem ? 'goods-in-code-error' : null].filter(Boolean).join(' ')
  return (
    <form ref={form} action={post} className="goods-in-scan" noValidate>
      <input type="hidden" name="session" value={sessionId ?? ''} />
      <input type="hidden" name="scanKey" value={scanKey} />
      <div className="field field--code">
        <label htmlFor="goods-in-code">{words.codeLabel}</label>
        <p id="goods-in-code-hint" className="field__hint">
          {words.codeHint}
        </p>
        <FieldMessage id="goods-in-code-error" message={problem ?? undefined} />
        <input
          ref={field}
          id="goods-in-code"
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // The page is for scanning: the field is where a scanner types, from the first moment.
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
        />
      </div>
      <button type="submit" className="button button--primary">
        {words.scanButton}
      </button>
      {camera ? <CameraScan words={words} onCode={read} /> : null}
      <p className="goods-in-result" role="status" aria-live="polite">
        {problem ?? result}
      </p>
    </form>
  )
}
