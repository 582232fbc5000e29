/**
 * The checkout form's fields as a seller fills them in, every one valid, without the form's own
 * hidden ones (its server action, one-time key and prices): for the specs that post checkout as a
 * browser running no scripts does.
 */
export function checkoutFields(email: string): Record<string, string> {
  return {
    name: 'Pat Seller',
    email,
    phone: '+44 7700 900123',
    addressLine1: '3 Station Road',
    town: 'York',
    postcode: 'YO1 7HH',
    accountHolder: 'P Seller',
    sortCode: '309430',
    accountNumber: '87654321',
    declareAge: 'true',
    declareOwner: 'true',
    declareWiped: 'true',
    declareTerms: 'true',
  }
}
