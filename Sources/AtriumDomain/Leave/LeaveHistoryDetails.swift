/// What a step in a request's history changed, kept in the history as a code and worded for
/// each reader when the history is read (`2026-03-02/2026-03-06>2026-03-09+afternoon/2026-03-13`).
/// Rows written before the code existed hold English text, which is read back as it is.
public enum LeaveHistoryDetails: Hashable, Sendable {
  /// The request was made for this span.
  case asked(LeaveSpan)
  /// The request's days moved from one span to another.
  case moved(from: LeaveSpan, to: LeaveSpan)

  /// The form kept in the history.
  public var code: String {
    switch self {
    case .asked(let span): Self.code(of: span)
    case .moved(let from, let to): Self.code(of: from) + ">" + Self.code(of: to)
    }
  }

  /// Reads a stored code; nil for anything else (text from before the code existed).
  public init?(code: String) {
    let parts = code.split(separator: ">", omittingEmptySubsequences: false)
    switch parts.count {
    case 1:
      guard let span = Self.span(parts[0]) else { return nil }
      self = .asked(span)
    case 2:
      guard let from = Self.span(parts[0]), let to = Self.span(parts[1]) else { return nil }
      self = .moved(from: from, to: to)
    default:
      return nil
    }
  }

  private static func code(of span: LeaveSpan) -> String {
    let start = span.start.description + (span.startHalf == .afternoon ? "+afternoon" : "")
    let end = span.end.description + (span.endHalf == .morning ? "+morning" : "")
    return start + "/" + end
  }

  private static func span(_ code: Substring) -> LeaveSpan? {
    let ends = code.split(separator: "/", omittingEmptySubsequences: false)
    guard ends.count == 2 else { return nil }
    let start = ends[0].split(separator: "+", omittingEmptySubsequences: false)
    let end = ends[1].split(separator: "+", omittingEmptySubsequences: false)
    guard (1...2).contains(start.count), (1...2).contains(end.count),
      let startDate = CalendarDate(String(start[0])), let endDate = CalendarDate(String(end[0]))
    else { return nil }
    let startHalf: StartHalf = start.count == 2 && start[1] == "afternoon" ? .afternoon : .full
    let endHalf: EndHalf = end.count == 2 && end[1] == "morning" ? .morning : .full
    guard start.count == 1 || startHalf == .afternoon, end.count == 1 || endHalf == .morning else { return nil }
    return try? LeaveSpan(start: startDate, end: endDate, startHalf: startHalf, endHalf: endHalf)
  }
}
