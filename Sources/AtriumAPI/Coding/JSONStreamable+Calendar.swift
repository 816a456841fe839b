/// The team calendar written straight into the response (a month of 120 people is 3,600
/// cells: through the generic `Encodable` path they were 40% of the request, `make bench-cost`).
extension TeamCalendar: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    object.field("month", month)
    object.field("today", today)
    object.field("days", days)
    try object.field("people", objects: people)
  }
}

extension CalendarPerson: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    object.field("id", id)
    object.field("displayName", displayName)
    object.field("photoURL", photoURL)
    try object.field("location", object: location)
    try object.field("days", objects: days)
  }
}

extension CalendarCell: JSONStreamable {
  package func write(to object: inout JSONObjectWriter) throws {
    object.field("date", date)
    object.field("kind", kind)
    object.field("status", status)
    object.field("halves", halves)
    if let name { object.field("name", name) }
  }
}
