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

  /** Shows errors found before sending (the browser's own check), without a request. */
  function reject(errors: FieldError[]): SubmitState {
    const next: SubmitState = { status: 'invalid', errors }
    setState(next)
    return next
  }

  return { state, submit, reject }
}

export type OutcomeMessages = Record<'sending' | 'created' | 'duplicate' | 'rate_limited' | 'failed', string>

/** The editor's words for where a submission stands; empty while idle or showing field errors. */
export function outcomeMessage(state: SubmitState, messages: OutcomeMessages): string {
  return state.status === 'idle' || state.status === 'invalid' ? '' : messages[state.status]
}
