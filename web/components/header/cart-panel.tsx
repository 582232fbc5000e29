'use client'

import { useState } from 'react'
import type { HeaderContent } from '@/content/types'
import { formatPounds } from '@/lib/money'
import { stepQuantity } from '@/lib/quantity'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'
import { useDialog } from '../ui/use-dialog'
import { CloseIcon } from './mobile-menu'

/** The cart icon and its side panel. The panel holds the sample content editors set until ordering exists. */
export function CartPanel({ cart }: { cart: HeaderContent['cart'] }) {
  const { dialogRef, isOpen, open, close } = useDialog()
  const [quantity, setQuantity] = useState(cart.quantity)

  return (
    <div className="cart">
      <button
        type="button"
        className="icon-button cart__button"
        aria-expanded={isOpen}
        aria-controls="cart-panel"
        onClick={open}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L21 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        <span className="visually-hidden">{cart.buttonLabel}</span>
        <span className="cart__badge" data-testid="cart-badge">
          {cart.badgeCount}
        </span>
      </button>
      <dialog ref={dialogRef} id="cart-panel" className="drawer drawer--right" aria-labelledby="cart-panel-title">
        <div className="drawer__header">
          <h2 id="cart-panel-title" className="drawer__title">
            {fillTemplate(cart.title, { count: cart.titleCount })}
          </h2>
          <button type="button" className="icon-button" onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">{cart.closeLabel}</span>
          </button>
        </div>
        <div className="cart__item">
          <p className="cart__product">{cart.productName}</p>
          <p className="cart__condition">
            {cart.conditionLabel}: <strong>{cart.condition}</strong>
          </p>
          <p className="cart__price">
            {cart.payLabel} <strong>{formatPounds(cart.price)}</strong>
          </p>
          <div className="quantity" role="group" aria-label={cart.quantityLabel}>
            <button
              type="button"
              className="quantity__step"
              onClick={() => setQuantity((q) => stepQuantity(q, -1))}
              aria-disabled={quantity === 0}
            >
              <span aria-hidden="true">−</span>
              <span className="visually-hidden">{cart.decreaseLabel}</span>
            </button>
            <output className="quantity__value" aria-live="polite">
              {quantity}
            </output>
            <button type="button" className="quantity__step" onClick={() => setQuantity((q) => stepQuantity(q, 1))}>
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">{cart.increaseLabel}</span>
            </button>
          </div>
        </div>
        <ContentLink link={cart.cartLink} className="button button--primary cart__link" />
      </dialog>
    </div>
  )
}
