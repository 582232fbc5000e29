'use client'

import dynamic from 'next/dynamic'

// Every CMS page renders through one route, so a section's client code imported there directly
// would load on every page. Loaded through here, each page gets only the code of the sections it
// shows; they still render on the server, so their forms work without scripts.
export const ContactForm = dynamic(() => import('../forms/contact-form').then((module) => module.ContactForm))
export const DeviceFinder = dynamic(() => import('./device-finder').then((module) => module.DeviceFinder))
export const BasketSection = dynamic(() => import('../basket/basket-section').then((module) => module.BasketSection))
