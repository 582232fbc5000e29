'use client'

import { usePathname } from 'next/navigation'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { HeaderContent, SellingCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { loadBasket, useBasket } from '../basket/basket-store'
import { ContentLink } from '../ui/content-link'
import { useDialog } from '../ui/use-dialog'
import { CloseIcon } from '../ui/icons'

type Props = { cart: HeaderContent['cart']; copy: SellingCopy['basket'] }

// The lines' code (forms, undo, messages) loads when the panel first opens, not with every page.
const BasketLines = lazy(() => import('../basket/basket-lines').then((module) => ({ default: module.BasketLines })))

/** The cart icon with the number of devices, and its side panel holding the visitor's basket. */
export function CartPanel({ cart, copy }: Props) {
  const { dialogRef, isOpen, open, close } = useDialog()
  const { status, basket } = useBasket()
  const count = basket?.count ?? 0
  const [opened, setOpened] = useState(false)
  if (isOpen && !opened) setOpened(true)

  const pathname = usePathname()

  useEffect(() => {
    void loadBasket()
  }, [])
  // Following View basket or Checkout from the panel leaves it behind.
  useEffect(() => close(), [pathname, close])

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
        <span className="visually-hidden">{fillTemplate(cart.buttonLabel, { count })}</span>
        {count > 0 ? (
          <span className="cart__badge" data-testid="cart-badge" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      <dialog ref={dialogRef} id="cart-panel" className="drawer drawer--right" aria-labelledby="cart-panel-title">
        <div className="drawer__header">
          <h2 id="cart-panel-title" className="drawer__title">
            {fillTemplate(cart.title, { count })}
          </h2>
          <button type="button" className="icon-button" onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">{cart.closeLabel}</span>
          </button>
        </div>
        {basket && opened ? (
          <Suspense fallback={<p role="status">{copy.loading}</p>}>
            <BasketLines basket={basket} copy={copy} editable returnPath={cart.cartLink.href ?? '/'} />
          </Suspense>
        ) : (
          <p role="status">{status === 'error' ? copy.error : copy.loading}</p>
        )}
        {count > 0 ? (
          <div className="cart__actions">
            <ContentLink link={cart.cartLink} className="button button--secondary cart__link" />
            <ContentLink link={copy.checkoutLink} className="button button--primary cart__link" />
          </div>
        ) : null}
      </dialog>
    </div>
  )
}
