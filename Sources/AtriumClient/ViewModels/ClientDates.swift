import Foundation

/// Instants from the server (RFC 3339, UTC) in words for the reader's language and time zone.
enum ClientDates {
  /// The instant `text` writes; the server writes milliseconds (`2026-03-02T09:01:00.000Z`),
  /// other servers may not.
  static func date(_ text: String) -> Date? {
    let precise = ISO8601DateFormatter()
    precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return precise.date(from: text) ?? ISO8601DateFormatter().date(from: text)
  }

  /// "09:05" in `timeZone`: for what lasts a day at most (a check-in).
  static func clockTime(_ text: String, timeZone: TimeZone) -> String {
    guard let date = date(text) else { return text }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = timeZone
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }

  static func instant(_ text: String, in language: ClientLanguage, timeZone: TimeZone) -> String {
    guard let date = date(text) else { return text }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: language == .es ? "es_ES" : "en_GB")
    formatter.timeZone = timeZone
    formatter.dateFormat = "d MMM yyyy, HH:mm"
    return formatter.string(from: date)
  }
}
