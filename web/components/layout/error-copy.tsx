'use client'

import { createContext, useContext, type ReactNode } from 'react'
import type { ErrorCopy } from '@/content/types'

// Error boundaries are client components and cannot read content, so the layout hands the
// editor's error copy down through context.
const ErrorCopyContext = createContext<ErrorCopy | null>(null)

export function ErrorCopyProvider({ copy, children }: { copy: ErrorCopy; children: ReactNode }) {
  return <ErrorCopyContext.Provider value={copy}>{children}</ErrorCopyContext.Provider>
}

export function useErrorCopy(): ErrorCopy | null {
  return useContext(ErrorCopyContext)
}
