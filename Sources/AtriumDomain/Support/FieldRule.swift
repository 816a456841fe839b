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

  /// What an id was expected to name.
  public enum PlaceKind: String, Hashable, Sendable, CaseIterable {
    case location, department, person
  }
}
