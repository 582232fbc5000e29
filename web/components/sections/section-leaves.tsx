'use client'

import dynamic from 'next/dynamic'

// Every CMS page renders through one route, so a section's client code imported there directly
// would load on every page. Loaded through here, each page gets only the code of the sections it
// shows; they still render on the server, so their forms work without scripts. The device
// finder is not among them: a visitor types into it at once, and text typed before a lazily
// loaded leaf hydrates is lost (the sell-flow tests caught it under load).
export const ContactForm = dynamic(() => import('../forms/contact-form').then((module) => module.ContactForm))
export const CollectionRequestForm = dynamic(() =>
  import('../forms/collection-request-form').then((module) => module.CollectionRequestForm),
)
export const BasketSection = dynamic(() => import('../basket/basket-section').then((module) => module.BasketSection))
