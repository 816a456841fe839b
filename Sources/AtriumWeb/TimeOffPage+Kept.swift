import AtriumAPI
import AtriumDomain
import AtriumMessages

/// The time-off page's parts kept as markup (`KeptMarkup`): the year's links, the figures, each
/// request's row and the request form. Each key is everything its part is made from.
extension TimeOffPage {
  static let keptYearLinks = KeptMarkup<YearLinksKey, String>(limit: 1_024)
  static let keptFigures = KeptMarkup<FiguresKey, String>(limit: 4_096)
  /// A row with its buttons names a session (their forms' token).
  static let keptRows = KeptMarkup<RowKey, String>(limit: 8_192)
  static let keptForms = KeptMarkup<FormKey, String>(limit: 2_048)

  /// What `yearLinks` reads.
  struct YearLinksKey: Hashable, Sendable {
    let language: Language
    let year: Int
  }

  /// What `makeFigures` reads: the year's figures (not its requests) and the language.
  struct FiguresKey: Hashable, Sendable {
    let language: Language
    let allowance: HalfDays
    let carriedOver: HalfDays
    let carriedOverUntil: CalendarDate
    let expired: HalfDays
    let approved: HalfDays
    let pending: HalfDays
    let remaining: HalfDays

    init(_ context: WebContext, _ year: LeaveYear) {
      language = context.language
      allowance = year.allowance
      carriedOver = year.carriedOver
      carriedOverUntil = year.carriedOverUntil
      expired = year.expired
      approved = year.approved
      pending = year.pending
      remaining = year.remaining
    }
  }

  /// What `request(_:_:cancellable:)` reads of the request and the context.
  struct RowKey: Hashable, Sendable {
    let language: Language
    let csrfToken: ExactText?
    let cancellable: Bool
    let id: ExactText
    let status: LeaveStatus
    let start: CalendarDate
    let end: CalendarDate
    let startHalf: StartHalf
    let endHalf: EndHalf
    let typeName: ExactText
    let days: HalfDays
    let note: ExactText
    let decisionReason: ExactText?

    init(_ context: WebContext, _ request: LeaveRequestBody, cancellable: Bool) {
      language = context.language
      csrfToken = context.visitor.map { ExactText($0.csrfToken) }
      self.cancellable = cancellable
      id = ExactText(request.id)
      status = request.status
      start = request.start
      end = request.end
      startHalf = request.startHalf
      endHalf = request.endHalf
      typeName = ExactText(request.type.name)
      days = request.days
      note = ExactText(request.note)
      decisionReason = request.decisionReason.map(ExactText.init)
    }

    /// The request and the session tell rows apart; `==` compares the rest, whose bytes would
    /// cost more to hash than they tell.
    func hash(into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(status)
      hasher.combine(csrfToken)
    }
  }

  /// What `makeRequestForm` reads when it shows no preview.
  struct FormKey: Hashable, Sendable {
    let language: Language
    let csrfToken: ExactText?
    let start: ExactText
    let end: ExactText
    let startHalf: StartHalf
    let endHalf: EndHalf
    let note: ExactText
    let typeID: ExactText
    let year: Int
    let error: ExactText?
    let types: [TypeChoice]
    let target: WebPage

    /// What the form shows of a leave type.
    struct TypeChoice: Hashable, Sendable {
      let id: ExactText
      let name: ExactText
      let isDefault: Bool
    }

    init(_ context: WebContext, form: Form, year: Int, error: String?, types: [LeaveTypeBody], target: WebPage) {
      language = context.language
      csrfToken = context.visitor.map { ExactText($0.csrfToken) }
      start = ExactText(form.start)
      end = ExactText(form.end)
      startHalf = form.startHalf
      endHalf = form.endHalf
      note = ExactText(form.note)
      typeID = ExactText(form.typeID)
      self.year = year
      self.error = error.map(ExactText.init)
      self.types = types.map { TypeChoice(id: ExactText($0.id), name: ExactText($0.name), isDefault: $0.default) }
      self.target = target
    }

    /// The session and the year tell forms apart; `==` compares the rest.
    func hash(into hasher: inout Hasher) {
      hasher.combine(csrfToken)
      hasher.combine(year)
      hasher.combine(language)
    }
  }
}
