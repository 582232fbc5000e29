import { BellIcon } from '@sanity/icons/Bell'
import { defineField, defineType } from 'sanity'

/**
 * A change to a policy or terms page, recorded for the people it affects: one ticked to be told by
 * e-mail is mailed once, when published, to everyone whose data we hold (web/subscriptions/policy-mailing.ts).
 */
export const policyChange = defineType({
  name: 'policyChange',
  title: 'Policy change',
  type: 'document',
  icon: BellIcon,
  fields: [
    defineField({
      name: 'page',
      title: 'Page changed',
      type: 'reference',
      to: [{ type: 'page' }],
      description: 'The policy or terms page that changed, for example the privacy policy. The e-mail links to it.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'changedOn',
      title: 'Takes effect on',
      type: 'date',
      description:
        'The day the change takes effect. A change may be published before that day, so people are told first; one more than 30 days in the past is never e-mailed.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'summary',
      title: 'What changed',
      type: 'text',
      rows: 4,
      description: 'What changed, in plain words, for the people it affects: it goes into the e-mail as it is written.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'tellByEmail',
      title: 'Tell people by e-mail',
      type: 'boolean',
      initialValue: false,
      description:
        'Tick when the change affects people significantly. Once published, everyone whose data we hold (accounts, orders whose details we still keep, newsletter and price-alert subscribers) is e-mailed once, in the words of the E-mails document’s "Policy changed" e-mail. Check the summary before publishing: it cannot be unsent.',
    }),
  ],
  orderings: [
    { title: 'Takes effect, newest first', name: 'changedOnDesc', by: [{ field: 'changedOn', direction: 'desc' }] },
  ],
  preview: {
    select: { title: 'page.title', date: 'changedOn', tell: 'tellByEmail' },
    prepare: ({ title, date, tell }: { title?: string; date?: string; tell?: boolean }) => ({
      title: title ?? 'Policy change',
      subtitle: [date, tell ? 'e-mailed' : 'not e-mailed'].filter(Boolean).join(' · '),
    }),
  },
})
