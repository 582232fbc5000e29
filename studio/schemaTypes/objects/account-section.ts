import { UserIcon } from '@sanity/icons/User'
import { defineType } from 'sanity'
import { optionalString } from '../fields'

/**
 * Where an account page's own part goes among its sections: the login form on /login, the sign-up
 * form on /sign-up, the password forms, and the seller's details on /profile. The page's path
 * decides which; its words are in the Accounts document.
 */
export const accountSection = defineType({
  name: 'accountSection',
  title: 'Account form',
  type: 'object',
  icon: UserIcon,
  fields: [optionalString('heading', 'Heading', 'Optional: above the form, for example "Log in with your e-mail".')],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title: title || 'Account form', subtitle: 'Account form' }),
  },
})
