/// A value read from a body broke a rule: thrown by the domain's decoders with where the value
/// was, so the answer names the field and the catalogue words the reason.
public struct FieldRuleViolation: Error, Sendable {
  public let codingPath: [any CodingKey]
  public let rule: FieldRule

  public init(codingPath: [any CodingKey], rule: FieldRule) {
    self.codingPath = codingPath
    self.rule = rule
  }
}

/// The rule a submitted value broke, with what the reader needs to fix it. It names the
/// message; the catalogue (AtriumMessages) words it in the reader's language.
public enum FieldRule: Hashable, Sendable {
  case required
  case notBeforeStart
  /// A one-day leave from noon to noon covers nothing.
  case noonToNoonOnOneDay
  case withinDaysOfStart(Int)
  case atMostCharacters(Int)
  case charactersBetween(Int, Int)
  case notAnActiveLeaveType
  /// Control characters other than tab and line breaks.
  case controlCharacters
  case invalidPercentEncoding
  case unknownCursor
  case tooLong
  case date
  /// An id a device makes: a UUID in its text form.
  case uuid
  case halfDayStep
  case number
  case wrongType(expected: String)
  case notValidJSON
  case unknownValue(allowed: [String])
  case tooLarge
  case notNull
  case numberTooLarge
  case notEmpty
  case email
  case phoneWithCountryPrefix
  case webAddress
  case differentFromCurrent
  case notRight
  case bytesBetween(Int, Int)
  case notA(PlaceKind)
  case wholeNumberBetween(Int, Int)
  case yearBetween(Int, Int)
  case month
  case trueOrFalse
  case photoVersion
  /// A value of a fixed set (`startHalf: evening`) that is not in it.
  case notAccepted
  case daysBetween(Int, Int)
  case yearAtLeast(Int)
  case yearAtMost(Int)
  case defaultTypeStaysActive
  case defaultTypeCannotBeUnset
  case timeZone
  case weekdayNumbers
  case oneWorkingDay
  case instant
  case inTheFuture
  case loopInReportingChain
  case requiredForAudience
  case username
  case monthAndDay
  /// A name in a file (`"Sales"`) that names no place or person.
  case namedNotA(String, PlaceKind)
  case appearsTwiceInFile
  case requiredForNewPerson
  case belongsToSomeoneElse
  case atMostEntries(Int)
  /// Each entry of a list needs the named field.
  case everyEntryNeeds(String)
  case feedAddress
  case directoryAddresses
  case secondsBetween(Int, Int)
  case zeroOrSecondsBetween(Int, Int)
  case mustContain(String)
  /// An LDAP filter: in parentheses, holding `containing` when it is given.
  case directoryFilter(containing: String?)
  /// A daily digest asked for a kind of notification that is only sent when it happens.
  case noDigestForKind
  /// A mail address of a domain whose people may not sign up; the allowed ones.
  case domainNotAllowed([String])
  case domainName
  /// A browser's push subscription (`PushSubscription.toJSON()`): an https endpoint and its
  /// `p256dh` and `auth` keys.
  case webPushSubscription
  /// The token APNs gave an iPhone app: 64 or more hexadecimal digits.
  case apnsDeviceToken
  /// Degrees from −90 to 90.
  case latitude
  /// Degrees from −180 to 180.
  case longitude
  /// A distance in metres within the bounds.
  case metresBetween(Int, Int)
  /// Required unless the other field (that can stand in for it) is given.
  case requiredUnless(other: String)
  /// Given together with the other field, or neither is.
  case goesWith(other: String)
  /// Several of fields that exclude each other were given (`sensorId`, `roomId`, `buildingId`).
  case onlyOneOf([String])
  /// A number out of its range (a hysteresis, a template's limits).
  case numberBetween(Double, Double)
  case noSuchField(String)
  case attributeName(field: String)
  /// The company asks a reason for rejecting a request or sending it back to pending.
  case requiredToTurnDown
  /// One of the passwords everyone tries first.
  case commonPassword

  /// What an id was expected to name.
  public enum PlaceKind: String, Hashable, Sendable, CaseIterable {
    case location, department, person, campus, building, room, sensor, alertTemplate
  }
}
