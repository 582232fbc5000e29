const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
})
const dateAndTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
})

/** A date as UK readers write it, in UK time: "Friday 4 December 2026". */
export const formatLongDate = (date: Date) => longDate.format(date)

/** A moment in a timeline, in UK time: "4 Dec 2026, 14:05". */
export const formatDateTime = (date: Date) => dateAndTime.format(date)

/** For a `<time datetime>` attribute. */
export const isoDate = (date: Date) => date.toISOString()
