import { defineField, defineType } from 'sanity'
import { requiredString, templateString } from '../fields'

/** The rating visitors gave on an independent review site: its numbers are entered once, here. */
export const reviewRating = defineType({
  name: 'reviewRating',
  title: 'Review-site rating',
  type: 'object',
  fields: [
    requiredString('siteName', 'Review site', 'The review site’s name. Elsewhere, write {reviewSite}.'),
    defineField({
      name: 'url',
      title: 'Review page address',
      type: 'url',
      description: 'The brand’s page on the review site.',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'score',
      title: 'Score',
      type: 'number',
      description: 'The average score out of 5, for example 4 or 4.5. Elsewhere, write {reviewScore}.',
      validation: (rule) => rule.required().min(0).max(5).precision(1),
    }),
    defineField({
      name: 'reviewCount',
      title: 'Number of reviews',
      type: 'number',
      description:
        'How many reviews the score is based on, as a plain number (1770). It is written the UK way (1,770) wherever {reviewCount} appears.',
      validation: (rule) => rule.required().integer().min(0),
    }),
    templateString(
      'countText',
      'Review count wording',
      'How the count reads beside the stars: {reviewCount} is the number of reviews, for example "{reviewCount} reviews".',
      ['reviewCount'],
    ),
    templateString(
      'ratingLabel',
      'Rating for screen readers',
      'What a screen reader says for the stars. {score} becomes the score, for example "Rated {score} out of 5".',
      ['score'],
    ),
    requiredString('bannerText', 'Banner wording', 'The footer banner’s line, for example "Rated excellent on".'),
    defineField({
      name: 'showMobileStrip',
      title: 'Show the rating strip on phones',
      type: 'boolean',
      description: 'A strip with the stars and count under the header, on small screens only.',
      initialValue: true,
    }),
  ],
})
