/** A 24-hour time such as 09:30 or 17:00, as the Studio asks for opening hours and cut-offs. */
export const TIME_24H = /^(?:[01]\d|2[0-3]):[0-5]\d$/
