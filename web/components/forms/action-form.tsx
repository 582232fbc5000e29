import type { FormEvent, ReactNode } from 'react'

type Props = {
  className: string
  /** The form action useActionState gave: a server action, so the form posts without scripts too. */
  action: (form: FormData) => void
  pending: boolean
  children: ReactNode
}

/** A form posted to a server action, with the server as its only check. */
export function ActionForm({ className, action, pending, children }: Props) {
  return (
    <form
      className={className}
      noValidate
      action={action}
      // One submission at a time: a second press while the first is on its way does nothing.
      onSubmit={(event: FormEvent) => pending && event.preventDefault()}
      aria-busy={pending || undefined}
    >
      {children}
    </form>
  )
}
