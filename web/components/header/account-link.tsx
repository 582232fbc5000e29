'use client'

import Link from 'next/link'
import { useEffect, useState } from 'react'

type Props = { href: string; label: string; className?: string }

/**
 * The header's account link: "My Account" in the cached page, the signed-in visitor's first name
 * once the browser has asked who they are. Static pages stay static; only this leaf is personal.
 */
export function AccountLink({ href, label, className }: Props) {
  const [firstName, setFirstName] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    fetch('/api/account/me', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((me: { signedIn: boolean; firstName?: string } | null) => {
        if (current && me?.signedIn && me.firstName) setFirstName(me.firstName)
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [])

  return (
    <Link href={href} className={className} data-signed-in={firstName ? 'true' : undefined}>
      {firstName ? (
        <>
          <span className="visually-hidden">{label}: </span>
          {firstName}
        </>
      ) : (
        label
      )}
    </Link>
  )
}
