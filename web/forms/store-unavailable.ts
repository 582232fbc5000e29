/** A form's submission could not be stored (the database is down, say): the visitor is told to try again. */
export class StoreUnavailableError extends Error {}
