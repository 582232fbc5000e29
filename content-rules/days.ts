/** The days of the week, Monday first, as opening hours name them. */
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

export type Day = (typeof DAYS)[number]
