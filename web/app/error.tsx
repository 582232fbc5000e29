'use client'

import { ErrorView } from '@/components/layout/error-view'
import { useErrorCopy } from '@/components/layout/error-copy'

/** Any error below the layout: the editor's "other error" copy inside the header and footer. */
export default function ErrorPage() {
  const copy = useErrorCopy()
  return copy ? <ErrorView copy={copy} /> : null
}
