'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'

type Props = { href: string; label: string; className?: string }

/**
 * The header's account link: "My Account" in the cached page, the signed-in visitor's first name
 * once the browser has asked who they are. Static pages stay static; only this leaf is personal.
 * Asked again on each page: a form's action may have signed the visitor in or out on the way.
 */
export function AccountLink({ href, label, className }: Props) {
  const [firstName, setFirstName] = useState<string | null>(null)
  const pathname = usePathname()

  useEffect(() => {
    let current = true
    fetch('/api/account/me', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((me: { signedIn: boolean; firstName?: string } | null) => {
        if (current) setFirstName(me?.signedIn && me.firstName ? me.firstName : null)
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [pathname])

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
