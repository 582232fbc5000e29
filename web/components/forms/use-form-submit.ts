'use client'

import { useState } from 'react'
import type { FieldError } from '@/lib/forms/validation'

export type SubmitState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'created' | 'duplicate' }
  | { status: 'invalid'; errors: FieldError[] }
  | { status: 'rate_limited' | 'failed' }

/** Posts a form's JSON to its endpoint and reads the answer into one state. */
export function useFormSubmit(endpoint: string) {
  const [state, setState] = useState<SubmitState>({ status: 'idle' })

  async function submit(body: Record<string, unknown>): Promise<SubmitState> {
    setState({ status: 'sending' })
    let next: SubmitState
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const answer = (await response.json().catch(() => ({}))) as { status?: string; errors?: FieldError[] }
      if (response.ok) next = { status: answer.status === 'duplicate' ? 'duplicate' : 'created' }
      else if (response.status === 429) next = { status: 'rate_limited' }
      else if (response.status === 422 && answer.errors?.length) next = { status: 'invalid', errors: answer.errors }
      else next = { status: 'failed' }
    } catch {
      next = { status: 'failed' }
    }
    setState(next)
    return next
  }

  return { state, setState, submit }
}
