'use client'

import { useState, useSyncExternalStore } from 'react'

type Props = {
  id: string
  name: string
  autoComplete?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  labels: { show: string; hide: string }
}

const noSubscription = () => () => {}

/** A password field with a button to show what was typed; the button only appears once scripts run. */
export function PasswordInput({ labels, ...input }: Props) {
  const [visible, setVisible] = useState(false)
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  return (
    <div className="password-input">
      <input {...input} type={visible ? 'text' : 'password'} spellCheck={false} autoCapitalize="none" />
      {scripted ? (
        <button
          type="button"
          className="button button--secondary password-input__toggle"
          aria-controls={input.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? labels.hide : labels.show}
        </button>
      ) : null}
    </div>
  )
}
