import { DatabaseIcon } from '@sanity/icons/Database'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { penceField } from '../fields'

const formatStorage = (gb?: number) => (!gb ? '?' : gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024}TB` : `${gb}GB`)
const formatPence = (pence?: number) => (typeof pence === 'number' ? `£${(pence / 100).toFixed(2)}` : '—')

/** One storage size of a model and what is paid for it in each condition grade. */
export const storageVariant = defineType({
  name: 'storageVariant',
  title: 'Storage size',
  type: 'object',
  icon: DatabaseIcon,
  fields: [
    defineField({
      name: 'storageGb',
      title: 'Storage (GB)',
      type: 'number',
      description: 'In gigabytes: 64, 128, 256, 512; 1024 for 1TB, 2048 for 2TB.',
      validation: (rule) => rule.required().integer().min(1).max(16_384),
    }),
    defineField({
      name: 'prices',
      title: 'Prices',
      type: 'array',
      description: 'What is paid for this size in each grade, in pence: 15200 is £152.00. One price per grade.',
      of: [
        defineArrayMember({
          name: 'gradePrice',
          title: 'Price',
          type: 'object',
          fields: [
            defineField({
              name: 'grade',
              title: 'Grade',
              type: 'reference',
              to: [{ type: 'conditionGrade' }],
              description: 'The condition this price is for.',
              validation: (rule) => rule.required(),
            }),
            penceField('pence', 'Price (pence)', 'In pence: 15200 is £152.00.'),
          ],
          preview: {
            select: { grade: 'grade.name', pence: 'pence' },
            prepare: ({ grade, pence }) => ({ title: `${grade ?? 'No grade'}: ${formatPence(pence)}` }),
          },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((prices?: Array<{ grade?: { _ref?: string } }>) => {
            const refs = (prices ?? []).map((price) => price.grade?._ref).filter(Boolean)
            return new Set(refs).size === refs.length ? true : 'Each grade may have only one price.'
          }),
    }),
  ],
  // The whole row of prices in one line, so a model's table reads without opening each size.
  preview: {
    select: {
      storageGb: 'storageGb',
      g0: 'prices.0.grade.name',
      p0: 'prices.0.pence',
      g1: 'prices.1.grade.name',
      p1: 'prices.1.pence',
      g2: 'prices.2.grade.name',
      p2: 'prices.2.pence',
      g3: 'prices.3.grade.name',
      p3: 'prices.3.pence',
      g4: 'prices.4.grade.name',
      p4: 'prices.4.pence',
    },
    prepare: (row: Record<string, string | number | undefined>) => ({
      title: formatStorage(row.storageGb as number | undefined),
      subtitle: [0, 1, 2, 3, 4]
        .filter((i) => row[`g${i}`] !== undefined)
        .map((i) => `${row[`g${i}`]} ${formatPence(row[`p${i}`] as number | undefined)}`)
        .join(' · '),
    }),
  },
})
