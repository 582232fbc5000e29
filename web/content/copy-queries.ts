/**
 * The copy documents: the words of each room (selling, accounts, orders, e-mails, subscriptions,
 * the contact inbox and form) and the terms' revision a seller accepts.
 */
import { defineQuery } from 'groq'
import { LINK } from './link-projection'

export const sellingCopyQuery = defineQuery(`*[_type == "sellingCopy" && _id == "sellingCopy"][0]{
  modelPage,
  quote{ ..., "criteriaLink": criteriaLink${LINK}, "basketLink": basketLink${LINK} },
  basket{ ..., "findDeviceLink": findDeviceLink${LINK}, "checkoutLink": checkoutLink${LINK} }
}`)

export const accountCopyQuery = defineQuery(`*[_type == "accountCopy" && _id == "accountCopy"][0]{
  fields,
  problems,
  forms{
    ...,
    "forgotLink": forgotLink${LINK},
    "signUpLink": signUpLink${LINK},
    "loginLink": loginLink${LINK},
    "requestAgainLink": requestAgainLink${LINK}
  },
  profile,
  staff
}`)

export const orderCopyQuery = defineQuery(`*[_type == "orderCopy" && _id == "orderCopy"][0]{
  checkout{
    detailsHeading, name, nameHint, email, emailHint, phone, phoneHint, addressHeading, addressLine1,
    addressLine2, town, postcode, postcodeHint, postageHeading, postagePack, postagePackHint, payoutChoice,
    bankChoice, paypalChoice, bankShown, paypalShown, payoutHeading, payoutText, accountHolder, sortCode,
    sortCodeHint, accountNumber, accountNumberHint, paypalHeading, paypalEmail, paypalText, declarationsHeading, declareAge, declareOwner,
    declareWiped, "wipeGuideLink": wipeGuideLink${LINK}, declareTerms, "termsLink": termsLink${LINK},
    marketing, summaryHeading, deviceColumn, conditionColumn, priceColumn, totalLabel, holdNote, signedInNote,
    offerHeading, offerNote, offerFree, offerFreeNote, offerCondition, offerUnavailable,
    "loginPrompt": loginPrompt${LINK}, emptyBasket, "emptyBasketLink": emptyBasketLink${LINK},
    pricesChangedHeading, pricesChanged, submit, payeeChoiceLegend, payeeUseBankName, payeeKeepOwnName,
    payeeSure, payeeRetype
  },
  problems{
    summary, nameMissing, nameTooLong, nameInvalid, emailMissing, emailInvalid, emailTooLong, phoneMissing,
    phoneInvalid, addressLine1Missing, addressTooLong, addressInvalid, townMissing, postcodeMissing,
    postcodeInvalid, accountHolderMissing, accountHolderNotLatin, sortCodeMissing, sortCodeInvalid, accountNumberMissing,
    accountNumberInvalid, paypalEmailMissing, paypalEmailInvalid, paypalEmailTooLong, declareAgeMissing, declareOwnerMissing, declareWipedMissing, declareTermsMissing,
    basketEmpty, pricesChanged, keyReused, referenceMissing, referenceInvalid, lookupMissing, notFound,
    linkInvalid, offerClosed, cannotCancel, signedLinkNeeded, tooMany, crossOrigin, tooLarge, unavailable,
    cannotReturn, labelPosted, codeMissing, codeInvalid, codeWrong, codeExpired, codeUsed, codeSpent, noCode, codesTooMany,
    payoutClosed, payeeCloseMatch, payeeNoMatch
  },
  confirmation{
    heading, referenceLabel, emailSent, holdUntil, printButton, labelHeading, labelInstructions,
    freepostAddress, labelPdfLink, postagePackNote, slipHeading, slipInstructions, "trackLink": trackLink${LINK}, noOrder
  },
  tracker{
    reference, referenceHint, lookup, lookupHint, submit
  },
  details{
    referenceLabel, labelLink, placedLabel, statusHeading, itemsHeading, deviceColumn, conditionColumn, foundColumn,
    priceColumn, revisedColumn, totalLabel, timelineHeading, revisedHeading, revisedText, reasonLabel,
    acceptButton, declineButton, accepted, declined, answeredAccept, answeredDecline, photosHeading, photoAlt, cancelButton,
    cancelHelp, signedLinkNeeded, "signedLinkLogin": signedLinkLogin${LINK}, cancelled, paidTo, returnTracking, parcelTracking, parcelTrackingFree, parcelAccepted, parcelInTransit, parcelDelivered, newLabelButton, newLabelHelp, newLabelDone, parcelAstray, lostInCare, freeRecycling, viewOrder,
    returnHeading, returnHelp, returnButton, returnRequested
  },
  payoutChange{
    heading, current, held, help, askButton, codeSent, resendButton, code, codeHint, newDetailsHeading, submit,
    changed, timelineEntry, closed
  },
  statusesHeading,
  "statuses": statuses[]{ _key, key, name, explanation },
  timings{ revisedOfferDays, reminderDaysBefore, checkWorkingDays, returnWorkingDays, claimHours, lockWorkingDays, quarantineDays, lapsedOffer, unansweredAccept, unansweredReturn, bankDetailsDays, identityPhotoDays, recordYears, astrayDays },
  admin{
    ordersHeading, allStatuses, statusFilter, search, searchButton, noOrders, referenceColumn, placedColumn,
    sellerColumn, statusColumn, totalColumn, itemsColumn, backToList, postagePackColumn, postagePackWanted,
    sellerHeading, payoutHeading, masked, sellerRemoved, bankDetailsRemoved, removeBankDetails, reduceRecord,
    timelineHeading, actionsHeading, noActions, moves, freeOrder, freeOrderTaken, notFreeOrder, reveal,
    confirm, confirmHelp, gradeFound, imei, imeiHint, notes, newPrice, reason, tracking, photosHeading, noPhotos,
    photosLabel, photosHint, photosCamera, photosButton, photosAdded, photoMissing, photoNotImage, photoTooLarge, photoTooMany,
    photoUnreadable, answerColumn, answerAccepted, answerDeclined, declinedPostedBack,
    returnDeclined, declinedReturned, declinedNoneToReturn, why, moved, done,
    notAllowed, invalid, revealed, recheckHeading, recheckHelp, recheckPassword, recheckWrong, recheckTooMany,
    actorNamed, actorSeller, actorSystem, registerColumn, registerCertificate, registerPass, registerCaution,
    registerFail, registerWaiting, registerNotPassed, registerDown, returnsLink, returnRequestedEvent,
    payoutChangedEvent, payoutChangedNotice, payoutHeld, payeeHeading, payeeMatch, payeeCloseMatchAccepted,
    payeeCloseMatchKept, payeeNoMatch, payeeUnavailable, payeeHeld,
    payments{
      heading, newRun, noRuns, backToRuns, runColumn, madeColumn, byColumn, countColumn, totalColumn, stateColumn,
      stateOpen, stateSettled, newHeading, newHelp, noneReady, includeOrder, allReady, makeButton, noneChosen, noneLeft, payeeName,
      skipped, runHeading, compareHelp, formatLabel, formatName, shaLabel, downloadButton, downloadsHeading, noDownloads,
      downloadEntry, fileDeleted, linesHeading, orderColumn, payeeColumn, amountColumn, lineStateColumn, linePending,
      linePaid, lineFailed, markPaidButton, markPaidHelp, markFailedButton, failureReason, reasonNeeded, made, markedPaid,
      markedFailed, alreadyMarked, startEvent, confirmEvent, failEvent
    }
  },
  rises{
    approvalAbovePence, publishedOption, publishedReason, typedHelp, heading, waiting, proposedBy, quotedColumn,
    proposedColumn, reasonColumn, approveButton, refuseButton, why, ownRise, managerNeeded, proposed, approved, refused,
    nothingWaiting, ownRiseRefused, alreadyWaiting, unapproved, proposeEvent, approveEvent, refuseEvent, listHeading,
    listNone, proposerColumn, dashboardLink, dashboardOwn
  },
  holds{
    heading, cautionHelp, cautionCertificate, clearReason, clearReasonProblem, clearButton, managerNeeded,
    clearedBy, cleared, alreadyCleared, clearEvent, heldHelp, recheckButton, rechecked, alreadyChecked,
    recheckDown, notCheckable, recheckEvent, releaseReady, notReleasable, notReturnable, policeReference
  },
  identity{
    askAbovePence, askWhenAccountShared, pageHeading, pageIntro, documentLegend, passport, drivingLicence, identityCard,
    fileLabel, fileHint, submit, uploaded, sellerWaiting, sellerSent, sellerRefused, linkInvalid, documentMissing, fileMissing, fileNotImage,
    fileTooLarge, fileUnreadable, staffHeading, askButton, becauseAmount, becauseDuplicate, becauseStaff, askedAt,
    waiting, uploadedAt, viewPhoto, seenButton, refuseButton, seen, refused, notPaid, alreadyAsked, askEnded, staffAlreadySeen, askEvent, uploadEvent,
    seenEvent, refuseEvent, photoRemovedEvent
  },
  locks{
    heading, holdHelp, devicesLegend, viewLocks, holdButton, held, removedBySeller, notRemovedYet, releaseButton, holdAgainButton,
    heldDone, releasedDone, noDevices, notHeld, checkHeld, notHoldable, holdEvent, removedEvent, releaseEvent,
    reminderEvent, returnEvent, sellerHeading, sellerHelp, removedButton, removedDone, sellerRemoved, sellerNotHeld
  },
  claims{
    heading, claimButton, releaseButton, releaseOtherButton, unclaimed, claimedByYou, claimedBy, taken, notYours,
    notClaimed, claimed, released, someone, claimEvent, releaseEvent, claimColumn, viewLabel, viewAll, viewMine,
    viewUnclaimed, viewPacks, packPosted, packSelect, packLabel, packsButton, packsMarked, packsNone, packEvent, timerWaited, timerAnswer, timerLock, timerLate, lateHeading, lateCheck,
    lateAnswer, lateReturn, lateReply, lateQuote, todayHeading,
    personColumn, receivedColumn, checkedColumn, returnedColumn, todayNone
  },
  checklist{ heading, priceLabel, priceHelp, reasonMissing, stopped, foundReason, refusedEvent, refuseEvent, answersHeading },
  lateParcels{ revisedReason, staffNotice, staffHelp, latePriceColumn, revalueEvent, offerEvent },
  goodsIn{
    heading, intro, codeLabel, codeHint, scanButton, codeMissing, cameraButton, cameraStop, cameraLabel,
    cameraFailed, received, already, someone, unmatched, scanReason, sessionHeading, countReceived,
    countAlready, countUnmatched, noScans, scansShown, allScansLink, codeColumn, resultColumn, timeColumn, resultReceived,
    resultAlready, resultUnmatched, newSession, bulkHeading, bulkLabel, bulkHint, bulkButton, bulkMissing,
    bulkTooMany, bulkDone, unmatchedLink, unmatchedHeading, unmatchedIntro, unmatchedNone, expectedLink, expectedHeading,
    expectedIntro, expectedToday, expectedTomorrow, expectedNone, astrayHeading, astrayIntro, astrayNone, astraySinceColumn, trackingColumn, expectedColumn,
    lastScanColumn, queuedBy,
    noteLabel, noteHint, photoLabel, photoAlt, saveButton, saved, joinLabel, joinButton, joinReason, joined,
    orderNotFound, notReceivable, returnLabel, returnButton, returnNoteMissing, returnedDone, closed,
    noteTooLong
  },
  stock{
    heading, intro, findLabel, findButton, foundNone, stateFilter, stateInStock, stateListed, stateSold, stateRefurbisher, stateRecycled, listNone, numberColumn, deviceColumn, imeiColumn, orderColumn, stateColumn, locationColumn, erasureColumn, erasurePassed, erasureFailed, erasureNone, locationNone, noImei, pricePaid, takenIn, historyHeading, erasuresHeading, erasureLine, levelClear, levelPurge, levelDestroy, resultPassed, resultFailed, system, someone, eventIntake, eventLocate, eventList, eventUnlist, eventSell, eventRefurbish, eventRecycle, movesHeading, locationLabel, locateButton, listButton, unlistButton, sellHeading, buyerLabel, priceLabel, sellButton, refurbishHeading, refurbisherLabel, refurbishButton, recycleHeading, facilityLabel, wasteNoteLabel, recycleButton, noteLabel, locationMissing, buyerMissing, priceMissing, refurbisherMissing, facilityMissing, wasteNoteMissing, notErased, stale, moved, erasureHeading, erasureHelp, toolLabel, toolVersionLabel, reportIdLabel, operatorLabel, erasedAtLabel, mediaTypeLabel, levelLabel, techniqueLabel, verificationLabel, resultLabel, erasureButton, factMissing, factTooLong, erasureRecorded, erasureAlready, gone, importHeading, importLabel, importButton, reportMissing, reportUnreadable, reportLacks, reportNoDevice, reportSeveral
  },
  records{
    heading, intro, registerHeading, registerHelp, bookHeading, bookHelp, fromLabel, toLabel, deviceLabel, deviceHint, reasonLabel, reasonHint, registerButton, bookButton, exportsHeading, exportsNone, whenColumn, whoColumn, whatColumn, coverColumn, reasonColumn, rowsColumn, coverDays, coverDevice, datesMissing, dateInvalid, datesOrder, deviceInvalid, reasonMissing, reasonTooLong, registerFile, bookFile, csvStockNumber, csvBoughtAt, csvOrder, csvSeller, csvAddress, csvIdentity, csvDevice, csvImei, csvPricePaid, csvDescription, csvSoldAt, csvSoldPrice, csvBuyer, csvMargin, description, identityNotAsked, identitySeen, identityNotSeen, removed
  },
  certificate{
    title, heading, genuine, unknownHeading, unknown, numberLabel, deviceLabel, imeiLabel, noImei, storageLabel, standardLabel, levelClear, levelPurge, levelDestroy, techniqueLabel, toolLabel, verificationLabel, dateLabel, resultLabel, resultPassed, pdfLink, pdfCheck, checkHeading, checkButton, orderHeading, orderLine,
    collectionTitle, collectionHeading, organisationLabel, issuedLabel, deviceCountLabel, listHeading, listLine, listLineEnding
  },
  collectionReport{
    title, heading, numberLabel, organisationLabel, issuedLabel, deviceCountLabel, reusedLabel, recycledLabel, totalLabel,
    listHeading, listLine, notGraded, noValue, reused, recycled, undecided, link
  },
  wasteNote{
    title, heading, numberLabel, transferorHeading, transfereeHeading, nameLabel, addressLabel, sicLabel, sicMissing, placeLabel, carrierLabel, descriptionLabel, description, ewcLabel, ewcCode, containerLabel, container, quantityLabel, quantity, dateLabel, hierarchyLabel, hierarchy, link, certificateLink
  },
  invoice{
    title, heading, numberLabel, dateLabel, sellerHeading, buyerHeading, deviceColumn, imeiColumn, noImei, priceColumn,
    totalLabel, sellerRemoved, vatNote, link, staffLink
  },
  returnLabels{ button, select, none, title, labelHeading, labelInstructions, slipHeading, slipInstructions },
  queue{
    homeLink, ageFilter, ageAny, ageOverWorkingDay, sortLabel, sortOldest, sortNewest, waitingColumn, showing,
    pagesLabel, nextPage, previousPage, pageInvalid, relatedHeading, relatedNone, relatedColumn, relatedDevice,
    relatedAccount, relatedAddress
  },
  figures{
    heading, ordersLink, paymentsLink, todayHeading, arrived, checked, waiting, waitingOverdue, paid, paidAmount,
    returns, chartsHeading, arrivalsChart, checksChart, revisedChart, checkHoursChart, payHoursChart, promiseLine,
    tableToggle, dayColumn, devicesColumn, checksColumn, percentColumn, hoursColumn, noValue, csvHeading, csvHelp,
    csvDate, csvButton, csvDateInvalid, csvFileName, csvReference, csvPaidAt, csvDevices, csvModels, csvAmount, csvTotal,
    csvMethod, csvPaidBy
  },
  payouts{
    heading, paidToday, paying, failed, heldHeading, heldLimit, heldChange, heldPayee, heldRegister, heldRise, heldIdentity, heldCutoff, noPayer, limitLine, limitLabel,
    limitHint, limitButton, limitInvalid, limitSet, approveButton, approved, nothingToApprove, sendEvent, settleEvent,
    rejectEvent, returnEvent
  }
}`)

export const emailCopyQuery = defineQuery(`*[_type == "emailCopy" && _id == "emailCopy"][0]{
  greeting,
  signOff,
  footer,
  verifyEmail{ subject, intro, button, outro },
  existingAccount{ subject, intro, button, outro },
  resetPassword{ subject, intro, button, outro },
  passwordChanged{ subject, intro, button, outro },
  accountDeleted{ subject, intro, button, outro },
  staffInvitation{ subject, intro, button, outro },
  staffTwoStepReset{ subject, intro, button, outro },
  greetingNoName,
  subscriptionFooter,
  unsubscribeLabel,
  newsletterConfirm{ subject, intro, button, outro },
  priceAlertConfirm{ subject, intro, button, outro },
  priceAlert{ subject, intro, button, outro },
  policyChanged{ subject, intro, button, outro },
  contactReceived{ subject, intro, button, outro },
  collectionRequested{ subject, intro, button, outro },
  collectionClosed{ subject, intro, button, secondButton, outro },
  collectionQuote{ subject, intro, button, outro },
  collectionRemittance{ subject, intro, outro },
  collectionPaymentReturned{ subject, intro, button, outro },
  collectionBankLinkRenewed{ subject, intro, button, outro },
  collectionQuoteHeading,
  collectionClosedReportHeading,
  collectionClosedReportLink,
  collectionQuoteDevice,
  collectionQuoteRecycled,
  contactNoPhone,
  staffFooter,
  orderItemsHeading,
  totalLabel,
  revisedPriceRow,
  photosHeading,
  photoLink,
  orderConfirmation{ subject, intro, button, secondButton, outro },
  postagePackNote,
  deviceReceived{ subject, intro, button, secondButton, outro },
  checked{ subject, intro, button, secondButton, outro },
  quarantined{ subject, intro, button, secondButton, outro },
  released{ subject, intro, button, secondButton, outro },
  heldReturned{ subject, intro, button, secondButton, outro },
  lostInCare{ subject, intro, button, secondButton, outro },
  identityAsked{ subject, intro, button, outro },
  lockHeld{ subject, intro, button, secondButton, outro },
  lockReminder{ subject, intro, button, secondButton, outro },
  lockReturned{ subject, intro, button, secondButton, outro },
  refused{ subject, intro, button, secondButton, outro },
  erasureCertificate{ subject, intro, button, secondButton, outro },
  lockStepsApple, lockStepsGoogle,
  registerLine, registerPass, registerCaution, registerCleared, registerFail, registerWaiting,
  revisedOffer{ subject, intro, button, secondButton, outro },
  revisedOfferReminder{ subject, intro, button, secondButton, outro },
  labelReady{ subject, intro, button, secondButton, outro },
  parcelAstray{ subject, intro, button, outro },
  parcelAstrayText,
  paid{ subject, intro, button, secondButton, outro },
  paymentFailed{ subject, intro, button, secondButton, outro },
  returnRequested{ subject, intro, button, secondButton, outro },
  returned{ subject, intro, button, secondButton, outro },
  payoutCode{ subject, intro, button, secondButton, outro },
  payoutChanged{ subject, intro, button, secondButton, outro },
  payoutChangedStaff{ subject, intro, button, secondButton, outro },
  manualOffer{ subject, intro, button, outro },
  manualRecyclingOffer{ subject, intro, button, outro },
  recyclingConfirmation{ subject, intro, button, secondButton, outro },
  recyclingChecked{ subject, intro, button, outro },
  cancelled{ subject, intro, button, secondButton, outro },
  expired{ subject, intro, button, secondButton, outro }
}`)

// The terms a seller accepts at checkout: their revision is recorded with the order.
export const termsRevisionQuery = defineQuery(
  `*[_type == "page" && path.current == "/terms-and-condition"][0]{ "revision": coalesce(_rev, _updatedAt, "seed") }`,
)

export const subscriptionCopyQuery = defineQuery(`*[_type == "subscriptionCopy" && _id == "subscriptionCopy"][0]{
  alertForm{ heading, text, emailLabel, buttonLabel, sendingMessage, successMessage, invalidEmailMessage, unknownModelMessage, rateLimitedMessage, errorMessage },
  confirmPage{ heading, newsletterText, alertText, buttonLabel, newsletterDone, alertDone, invalidLink, failedMessage },
  unsubscribePage{ heading, newsletterText, alertText, buttonLabel, done, invalidLink, failedMessage }
}`)

export const contactInboxCopyQuery = defineQuery(`*[_type == "contactInboxCopy" && _id == "contactInboxCopy"][0]{
  list{
    heading, staffHomeLink, backToOrders, retentionNote, statusFilter, allStatuses, search, searchButton, empty,
    receivedColumn, senderColumn, emailColumn, messageColumn, statusColumn, waitingColumn, timerWaited, timerLate
  },
  statuses{ new, answered, closed },
  message{
    backToList, heading, statusLabel, receivedLabel, senderHeading, nameLabel, emailLabel, phoneLabel, noPhone,
    messageHeading, actionsHeading, markAnswered, close, reopen, done, moved, invalid, unavailable, historyHeading,
    historyReceived, historyChange
  },
  offers{
    heading, model, price, priceHint, recycle, recycleFree, reason, submit, made, withdraw, withdrawn, line, open, accepted,
    withdrawnStatus, expired, orderLink, summary, modelMissing, priceInvalid, recycleWithPrice, reasonMissing, messageGone,
    offerClosed, dashboard
  },
  collections{
    heading, staffHomeLink, intro, backToMessages, empty, receivedColumn, organisationColumn, contactColumn, devicesColumn,
    postcodeColumn, statusColumn, requested, booked, collected, closed, backToList, requestHeading, statusLabel,
    receivedLabel, contactNameLabel, emailLabel, phoneLabel, addressLabel, deviceCountLabel, devicesLabel,
    preferredDatesLabel, sicCodeLabel, sicCodeNone, actionsHeading, reasonLabel, book, collect, close, reopen, done, moved, invalid, reasonMissing,
    unavailable, historyHeading, historyReceived, historyChange,
    devicesHeading, problemsTitle, devicesEmpty, positionColumn, deviceColumn, imeiColumn, stockColumn, erasureColumn, erasurePassed, erasureFailed, erasureNone, erasedCount, addOneHeading, makeLabel, modelLabel, imeiLabel, addOne, pasteHeading, pasteLabel, pasteHint, pasteSubmit, added, devicesNone, devicesTooMany, deviceIncomplete, deviceNameTooLong, imeiInvalid, serialInvalid, deviceRepeated, alreadyListed, notCollected, certified, paperworkHeading, issueCertificate, certificateLine, wasteNoteLine, reportLine, wasteNoteAtClose, certificateIssued, noDevices, notAllErased, closeNeedsCertificate, closeNeedsQuote, closeNeedsPayment,
    quoteHeading, quoteHint, valueColumn, valueLabel, recycleLabel, gradeLabel, gradeChoose, gradeMissing, gradeColumn, gradeNone, saveValue, valueRecycled, valueNone, valued, valueInvalid, quoteSent, sendQuote, notValued, quoteNotCollected, quoteNoDevices, quoteSentNotice, quoteSentLine, quoteDue, quoteLate, historyValued, historyRecycle, historyQuoteSent,
    historyNote, closesWithoutPaperwork, closedWithoutDevices, contactRemoved, contactRemovedValue
  },
  collectionPayment{
    pageHeading, pageIntro, submit, saved, invalidLink, expiredLink, problemsTitle, staffHeading, staffWaiting, staffGiven,
    staffReturned, payeeHeading, payeeMatch, payeeCloseMatchAccepted, payeeCloseMatchKept, payeeNoMatch, payeeUnavailable,
    payeeHeld, newLinkButton, newLinkSent, notRenewable, payReturned, payButton, paidLine, paidNotice, noBankDetails,
    notPayable, payFailed, noPayer, historyBankDetails, historyPay, historyPaid, historyReturned, historyNewLink
  },
  replyWorkingDays,
  quoteWorkingDays,
  retentionDays,
  collectionContactYears
}`)

/**
 * The contact form's words for its answer, from the page section the form was on (its key comes
 * with the post), or else from the first contact form on the site: the server answers in the
 * editor's words for that form.
 */
export const contactFormWordsQuery = defineQuery(`coalesce(
  *[_type == "page" && $key in sections[]._key][0].sections[_key == $key && _type == "contactFormSection"][0],
  *[_type == "page" && count(sections[_type == "contactFormSection"]) > 0][0].sections[_type == "contactFormSection"][0]
){
  nameRequiredMessage,
  emailInvalidMessage,
  phoneInvalidMessage,
  messageRequiredMessage,
  tooLongMessage,
  plainTextMessage,
  successMessage,
  rateLimitedMessage,
  errorMessage
}`)

// The business collection form's words: the section the form was posted from, or any page's.
export const collectionFormWordsQuery = defineQuery(`coalesce(
  *[_type == "page" && $key in sections[]._key][0].sections[_key == $key && _type == "collectionRequestSection"][0],
  *[_type == "page" && count(sections[_type == "collectionRequestSection"]) > 0][0].sections[_type == "collectionRequestSection"][0]
){
  successMessage,
  organisationMissingMessage,
  contactNameMissingMessage,
  emailInvalidMessage,
  phoneInvalidMessage,
  addressMissingMessage,
  postcodeInvalidMessage,
  deviceCountInvalidMessage,
  deviceCountTooFewMessage,
  devicesMissingMessage,
  preferredDatesMissingMessage,
  sicCodeInvalidMessage,
  tooLongMessage,
  plainTextMessage,
  rateLimitedMessage,
  errorMessage
}`)
