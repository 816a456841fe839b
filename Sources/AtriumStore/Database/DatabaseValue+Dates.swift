import AtriumDomain
import AtriumSQL

// Calendar dates are stored as `YYYY-MM-DD` text, which sorts as the dates do.

extension DatabaseValue {
  public init(_ date: CalendarDate?) {
    self = date.map { .text($0.description) } ?? .null
  }
}

extension DatabaseRow {
  public func date(_ column: String) -> CalendarDate? {
    optionalString(column).flatMap { CalendarDate($0) }
  }
}
