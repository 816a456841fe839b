import AtriumAPI
import AtriumDomain
import AtriumMessages

/// The time-off page's parts kept as markup (`KeptMarkup`): the figures, each request's row and
/// the request form. Each key is everything its part is made from.
extension TimeOffPage {
  static let keptFigures = KeptMarkup<FiguresKey, String>(limit: 4_096)
  /// A row with its buttons names a session (their forms' token).
  static let keptRows = KeptMarkup<RowKey, String>(limit: 16_384)
  static let keptForms = KeptMarkup<FormKey, String>(limit: 4_096)

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
    let csrfToken: String?
    let cancellable: Bool
    let id: String
    let status: LeaveStatus
    let start: CalendarDate
    let end: CalendarDate
    let startHalf: StartHalf
    let endHalf: EndHalf
    let typeName: String
    let days: HalfDays
    let note: String
    let decisionReason: String?

    init(_ context: WebContext, _ request: LeaveRequestBody, cancellable: Bool) {
      language = context.language
      csrfToken = context.visitor?.csrfToken
      self.cancellable = cancellable
      id = request.id
      status = request.status
      start = request.start
      end = request.end
      startHalf = request.startHalf
      endHalf = request.endHalf
      typeName = request.type.name
      days = request.days
      note = request.note
      decisionReason = request.decisionReason
    }
  }

  /// What `makeRequestForm` reads when it shows no preview.
  struct FormKey: Hashable, Sendable {
    let language: Language
    let csrfToken: String?
    let form: Form
    let year: Int
    let error: String?
    let types: [LeaveTypeBody]
    let target: WebPage

    init(_ context: WebContext, form: Form, year: Int, error: String?, types: [LeaveTypeBody], target: WebPage) {
      language = context.language
      csrfToken = context.visitor?.csrfToken
      self.form = form
      self.year = year
      self.error = error
      self.types = types
      self.target = target
    }
  }
}
