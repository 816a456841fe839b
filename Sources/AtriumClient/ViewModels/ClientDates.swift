import Foundation

/// Instants from the server (RFC 3339, UTC) in words for the reader's language and time zone.
enum ClientDates {
  static func instant(_ text: String, in language: ClientLanguage, timeZone: TimeZone) -> String {
    // The server writes milliseconds (`2026-03-02T09:01:00.000Z`); other servers may not.
    let precise = ISO8601DateFormatter()
    precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = precise.date(from: text) ?? ISO8601DateFormatter().date(from: text) else { return text }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: language == .es ? "es_ES" : "en_GB")
    formatter.timeZone = timeZone
    formatter.dateFormat = "d MMM yyyy, HH:mm"
    return formatter.string(from: date)
  }
}
