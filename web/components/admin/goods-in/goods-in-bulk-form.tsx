'use client'

import { useActionState } from 'react'
import { FieldMessage } from '@/components/forms/field-message'
import { FRESH_FORM } from '@/forms/form-state'
import { bulkForm } from '@/orders/goods-in/goods-in-actions'

type Props = {
  words: { bulkHeading: string; bulkLabel: string; bulkHint: string; bulkButton: string }
  sessionId: string | null
  scanKey: string
}

/** Many codes pasted at once, one a line, into the same session: each is handled as a scan. */
export function GoodsInBulkForm({ words, sessionId, scanKey }: Props) {
  const [state, post] = useActionState(bulkForm, FRESH_FORM)
  const problem = state.problems.find((found) => found.field === 'codes')?.message ?? null
  return (
    <form action={post} className="goods-in-bulk" aria-labelledby="goods-in-bulk-heading" noValidate>
      <h2 id="goods-in-bulk-heading">{words.bulkHeading}</h2>
      <input type="hidden" name="session" value={sessionId ?? ''} />
      <input type="hidden" name="scanKey" value={scanKey} />
      <div className="field field--code">
        <label htmlFor="goods-in-codes">{words.bulkLabel}</label>
        <p id="goods-in-codes-hint" className="field__hint">
          {words.bulkHint}
        </p>
        <FieldMessage id="goods-in-codes-error" message={problem ?? undefined} />
        <textarea
          id="goods-in-codes"
          name="codes"
          rows={6}
          spellCheck={false}
          defaultValue={state.typed.codes ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'goods-in-codes-hint goods-in-codes-error' : 'goods-in-codes-hint'}
        />
      </div>
      <button type="submit" className="button button--secondary">
        {words.bulkButton}
      </button>
    </form>
  )
}
