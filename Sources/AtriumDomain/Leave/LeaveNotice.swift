/// A notice about a request, as stored: what happened and the facts to word it with. It is
/// written when it is read, in the reader's language, so the same notice reads in English for
/// one person and in Spanish for another.
public struct LeaveNotice: Hashable, Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    case approve = "leave.approve"
    case reject = "leave.reject"
    case reopen = "leave.reopen"
    case cancel = "leave.cancel"
    case change = "leave.change"
    case create = "leave.create"
    /// To a decider: a request waits for them.
    case waiting = "approval.waiting"
  }

  public let kind: Kind
  /// Who did it, by name as it was then.
  public let actor: String
  /// Whose request it is.
  public let employee: String
  /// The leave type's name.
  public let type: String
  public let span: LeaveSpan
  /// The decider's reason, empty when none was given.
  public let reason: String

  public init(kind: Kind, actor: String, employee: String, type: String, span: LeaveSpan, reason: String = "") {
    self.kind = kind
    self.actor = actor
    self.employee = employee
    self.type = type
    self.span = span
    self.reason = reason
  }

  /// The facts as stored with the notice.
  public var parameters: [String: String] {
    [
      "actor": actor, "employee": employee, "type": type, "start": span.start.description,
      "end": span.end.description, "startHalf": span.startHalf.rawValue, "endHalf": span.endHalf.rawValue,
      "reason": reason,
    ]
  }

  /// Reads a stored notice back; nil for a kind this version does not know or facts that do
  /// not fit (notices stored before they carried their facts).
  public init?(kind: String, parameters: [String: String]) {
    guard let kind = Kind(rawValue: kind), let start = parameters["start"].flatMap(CalendarDate.init),
      let end = parameters["end"].flatMap(CalendarDate.init),
      let span = try? LeaveSpan(
        start: start, end: end, startHalf: parameters["startHalf"].flatMap(StartHalf.init) ?? .full,
        endHalf: parameters["endHalf"].flatMap(EndHalf.init) ?? .full)
    else { return nil }
    self.init(
      kind: kind, actor: parameters["actor"] ?? "", employee: parameters["employee"] ?? "",
      type: parameters["type"] ?? "", span: span, reason: parameters["reason"] ?? "")
  }
}

/// Who is told of a change to a request. People hear of what others did, never of their own
/// action: the employee when someone else decided or changed their request, the nearest
/// decider when a request waits and they did not make it.
public enum LeaveNoticeRules {
  public struct Recipient: Hashable, Sendable {
    public let employeeID: String
    public let kind: LeaveNotice.Kind
  }

  /// - Parameters:
  ///   - action: what was done (`create`, `approve`, `reject`, `reopen`, `cancel`, `change`).
  ///   - status: the request's status after it.
  ///   - deciderID: the nearest manager or admin above the employee, if any.
  public static func recipients(
    action: String, status: LeaveStatus, actorID: String, employeeID: String, deciderID: String?
  ) -> [Recipient] {
    var recipients: [Recipient] = []
    if actorID != employeeID, let kind = LeaveNotice.Kind(rawValue: "leave.\(action)") {
      recipients.append(Recipient(employeeID: employeeID, kind: kind))
    }
    if status == .pending, action == "create" || action == "change", let deciderID, deciderID != actorID {
      recipients.append(Recipient(employeeID: deciderID, kind: .waiting))
    }
    return recipients
  }

  /// Whether the request's waiting-for-approval notices are done: it was decided, cancelled or
  /// changed (a change posts a new one with the new dates).
  public static func closesWaitingNotices(action: String, status: LeaveStatus) -> Bool {
    action != "create" && (status != .pending || action == "change")
  }
}
