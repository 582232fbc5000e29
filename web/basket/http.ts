import 'server-only'
import { NextResponse } from 'next/server'
import { jsonResponse, unavailableResponse } from '@/http/json-request'
import { basketCookie } from './cookie'
import type { BasketView } from './types'
import { describeError } from '@/lib/log'

export function basketJson(status: number, basket: BasketView, request: Request, token?: string): Response {
  const response = jsonResponse(status, { ok: true, basket })
  if (!token) return response
  const next = new NextResponse(response.body, response)
  next.cookies.set(basketCookie(token, request))
  return next
}

/** The store could not be reached: a 503 with the content's words, and only the error's kind in the log. */
export function storeUnavailable(error: unknown, message: string): Response {
  console.error(`Basket store unavailable: ${describeError(error)}`)
  return unavailableResponse(message)
}
