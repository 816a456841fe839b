import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

/// What every page needs besides its own data: who is looking, in which language, the token
/// their forms carry, and the layout's figures.
package struct WebContext: Sendable {
  package var visitor: WebSessions.Visitor?
  package var language: Language
  package let companyName: String
  package let unread: Int
  package let current: WebPage?
  /// What the form that led here did ("3 requests approved"), shown once (`WebFlash`).
  package var flash: String? = nil
  /// Pending requests waiting for this decider (0 for everyone else): the Approvals menu's number.
  package var waiting = 0

  package init(
    visitor: WebSessions.Visitor?, language: Language, companyName: String, unread: Int, current: WebPage?,
    flash: String? = nil, waiting: Int = 0
  ) {
    self.visitor = visitor
    self.language = language
    self.companyName = companyName
    self.unread = unread
    self.current = current
    self.flash = flash
    self.waiting = waiting
  }

  package func callAsFunction(_ text: Text) -> String { text.in(language) }

  /// Any other message of the catalogue, in the reader's language.
  package func callAsFunction(_ message: some CatalogueMessage) -> String { message.text(in: language) }

  /// A request's days as the reader writes dates: `6–10 April 2026`, `6–10 de abril de 2026`.
  package func dates(of request: LeaveRequestBody) -> String {
    guard
      let span = try? LeaveSpan(
        start: request.start, end: request.end, startHalf: request.startHalf, endHalf: request.endHalf)
    else { return "\(request.start) – \(request.end)" }
    return Wording(language).span(span)
  }

  /// `31 March 2026`, `31 de marzo de 2026`.
  package func date(_ date: CalendarDate) -> String { Wording(language).date(date) }

  /// The UTC day of an RFC 3339 instant the API gave (`2026-03-31T09:00:00Z`), as `date` words it.
  package func day(of instant: String) -> String {
    CalendarDate(instant.prefix(10)).map(date) ?? String(instant.prefix(10))
  }

  /// A number of days as the reader writes it: `2.5`, `2,5`.
  package func days(_ days: HalfDays) -> String { Wording(language).number(days) }

  package var employee: Employee? { visitor?.principal.employee }
  package var decides: Bool { employee.map { $0.role == .manager || $0.role == .admin } ?? false }

  /// A form that posts to a page, with the session's CSRF token.
  package func form(_ page: WebPage, _ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .form(
      [.method("post"), .action(page.href)] + attributes,
      [.input([.type("hidden"), .name(WebSessions.csrfField), .value(visitor?.csrfToken ?? "")])] + children)
  }

  /// A one-button form, for actions on a row.
  package func button(_ page: WebPage, _ label: Text, style: String = "", attributes: [Attribute] = []) -> Node {
    form(page, [.class("inline")] + attributes, [.button([.type("submit"), .class(style)], [.text(self(label))])])
  }
}
