'use client'

import Link from 'next/link'
import { useId, useState, type FormEvent } from 'react'
import type { SellingCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { BasketLineView, BasketView } from '@/basket/types'
import { ContentLink } from '../ui/content-link'
import { changeLineForm } from '@/basket/form-actions'
import { changeLine, useBasket } from './basket-store'

type Props = {
  basket: BasketView
  copy: SellingCopy['basket']
  /** Off for a read-only summary. */
  editable: boolean
  /** Where the server sends a visitor back to after a change made without scripts. */
  returnPath: string
}

/**
 * The devices in a basket with their prices and the total. Each plus, minus and undo is a real
 * form, so the basket works with scripts off; with scripts on, changes go through the shared store.
 */
export function BasketLines({ basket, copy, editable, returnPath }: Props) {
  const { pending } = useBasket()
  // The panel and the basket page can both be on one page: ids must not collide.
  const idPrefix = useId()
  const undoId = (lineId: string) => `${idPrefix}-undo-${lineId}`
  const [message, setMessage] = useState('')
  const full = basket.count >= basket.limit

  const onSubmit = async (event: FormEvent<HTMLFormElement>, line: BasketLineView) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const change = submitter?.value === '-1' ? -1 : 1
    const refusal = await changeLine(line.id, change)
    if (refusal) return setMessage(refusal.message || copy.error)
    const removed = change === -1 && line.quantity === 1
    setMessage(removed ? fillTemplate(copy.removed, { device: line.device }) : '')
    // The line's controls are gone: keep the keyboard where the seller was, on its undo button.
    if (removed) requestAnimationFrame(() => document.getElementById(undoId(line.id))?.focus())
  }

  if (!basket.lines.length && !basket.removed.length) {
    return (
      <div className="basket basket--empty">
        <p>{copy.empty}</p>
        <ContentLink link={copy.findDeviceLink} className="button button--primary" />
      </div>
    )
  }

  return (
    <div className="basket" aria-busy={pending || undefined}>
      <ul className="basket__lines">
        {basket.lines.map((line) => (
          <li key={line.id} className="basket__line">
            <p className="basket__device">{line.href ? <Link href={line.href}>{line.device}</Link> : line.device}</p>
            <p className="basket__grade">
              {copy.gradeLabel}: <strong>{line.gradeName}</strong>
            </p>
            {line.pricePence === null ? (
              <p className="basket__note basket__note--warning">{copy.unavailable}</p>
            ) : (
              <p className="basket__each">
                {copy.priceEachLabel}: <strong>{formatPence(line.pricePence)}</strong>
              </p>
            )}
            {line.pricePence !== null && line.pricePence !== line.addedPricePence ? (
              <p className="basket__note">
                {fillTemplate(copy.priceChanged, {
                  old: formatPence(line.addedPricePence),
                  new: formatPence(line.pricePence),
                })}
              </p>
            ) : null}
            <div className="basket__row">
              {editable ? (
                <form
                  action={changeLineForm}
                  className="quantity"
                  role="group"
                  aria-label={`${copy.quantityLabel}: ${line.device}`}
                  onSubmit={(event) => onSubmit(event, line)}
                >
                  <input type="hidden" name="line" value={line.id} />
                  <input type="hidden" name="back" value={returnPath} />
                  <button type="submit" name="change" value="-1" className="quantity__step" disabled={pending}>
                    <span aria-hidden="true">−</span>
                    <span className="visually-hidden">{fillTemplate(copy.decrease, { device: line.device })}</span>
                  </button>
                  <output className="quantity__value">{line.quantity}</output>
                  <button
                    type="submit"
                    name="change"
                    value="1"
                    className="quantity__step"
                    disabled={pending}
                    aria-disabled={full || undefined}
                  >
                    <span aria-hidden="true">+</span>
                    <span className="visually-hidden">{fillTemplate(copy.increase, { device: line.device })}</span>
                  </button>
                </form>
              ) : (
                <p className="basket__quantity">
                  {copy.quantityLabel}: <strong>{line.quantity}</strong>
                </p>
              )}
              <p className="basket__line-total">
                {copy.lineTotalLabel}: <strong>{formatPence(line.lineTotalPence)}</strong>
              </p>
            </div>
          </li>
        ))}
      </ul>
      {editable && basket.removed.length ? (
        <ul className="basket__removed">
          {basket.removed.map((line) => (
            <li key={line.id}>
              <form action={changeLineForm} onSubmit={(event) => onSubmit(event, line)}>
                <input type="hidden" name="line" value={line.id} />
                <input type="hidden" name="back" value={returnPath} />
                <span>{fillTemplate(copy.removed, { device: line.device })} </span>
                <button
                  type="submit"
                  name="change"
                  value="1"
                  id={undoId(line.id)}
                  aria-label={`${copy.undo}: ${line.device}`}
                  className="link-button"
                  disabled={pending}
                >
                  {copy.undo}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="basket__status" role="status">
        {message || (full ? fillTemplate(copy.limit, { limit: basket.limit }) : '')}
      </p>
      <p className="basket__total">{fillTemplate(copy.total, { total: formatPence(basket.totalPence) })}</p>
    </div>
  )
}
