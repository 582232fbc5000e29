/** The staff forms' actions (their `action` field), and the `done` each leaves in the page's address: for the browser too. */
export const IDENTITY_ACTIONS = { ask: 'identity-ask', seen: 'identity-seen', refuse: 'identity-refuse' } as const

/** The history's names for each step (order_event.action). */
export const IDENTITY_EVENTS = {
  ask: 'identity-ask',
  upload: 'identity-upload',
  seen: 'identity-seen',
  refused: 'identity-refuse',
  photoRemoved: 'identity-photo-removed',
} as const
