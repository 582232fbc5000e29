'use client'

import { useSyncExternalStore } from 'react'
import { addDevice as addDeviceAction, changeLine as changeLineAction } from '@/basket/form-actions'
import type { BasketResponse, BasketView } from '@/basket/types'
import { FRESH_FORM, type FormState } from '@/forms/form-state'
import type { FieldProblem } from '@/lib/field-problem'

/**
 * The visitor's basket in the browser: one copy per page, shared by the header badge, the cart
 * panel, the basket page and the price checker, so a change made in one shows in all of them.
 * The server holds the truth; every change answers with the whole basket.
 */
export type BasketState = {
  status: 'idle' | 'loading' | 'ready' | 'error'
  basket: BasketView | null
  pending: boolean
}

const BASKET_URL = '/api/basket'
let state: BasketState = { status: 'idle', basket: null, pending: false }
const listeners = new Set<() => void>()
/**
 * Counts the baskets this page has been told of since it opened. A look at the basket that began
 * before a change was answered brings older news (on a slow network, or a server just started, the
 * header's first look can answer after the visitor has added a device): it is dropped, not shown.
 */
let told = 0

function set(next: Partial<BasketState>) {
  state = { ...state, ...next }
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const serverSnapshot: BasketState = { status: 'idle', basket: null, pending: false }

export function useBasket(): BasketState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverSnapshot,
  )
}

/** Hands the store a basket the server already rendered, so the page does not fetch it again. */
export function primeBasket(basket: BasketView) {
  if (state.status !== 'ready') set({ status: 'ready', basket })
}

/** The server's basket changed without this page's help (an order was placed): ask it again. */
export function forgetBasket() {
  if (state.status === 'idle') return
  told += 1
  set({ status: 'idle', basket: null })
  void loadBasket()
}

export async function loadBasket(): Promise<void> {
  if (state.status === 'loading' || state.status === 'ready') return
  set({ status: 'loading' })
  const toldBefore = told
  let next: Partial<BasketState>
  try {
    const response = await fetch(BASKET_URL, { cache: 'no-store' })
    const body = (await response.json()) as BasketResponse
    next = body.ok ? { status: 'ready', basket: body.basket } : { status: 'error' }
  } catch {
    next = { status: 'error' }
  }
  if (told === toldBefore) set(next)
}

/**
 * Sends one change through the basket's server action (the one the same form posts to without
 * scripts); answers the refusal, if any, for the caller to show (no words: the network failed).
 */
async function sendBasketChange(send: () => Promise<FormState<BasketView>>): Promise<FieldProblem | null> {
  set({ pending: true })
  try {
    const answer = await send()
    if (answer.data) {
      told += 1
      set({ status: 'ready', basket: answer.data })
    }
    return answer.problems[0] ?? null
  } catch {
    return { field: null, code: 'network', message: '' }
  } finally {
    set({ pending: false })
  }
}

/** Adds the device the price checker's form describes (its model, storage and answers). */
export const addDevice = (form: FormData) => sendBasketChange(() => addDeviceAction(FRESH_FORM, form))

export const changeLine = (lineId: string, change: 1 | -1) => {
  const form = new FormData()
  form.set('line', lineId)
  form.set('change', String(change))
  return sendBasketChange(() => changeLineAction(FRESH_FORM, form))
}
