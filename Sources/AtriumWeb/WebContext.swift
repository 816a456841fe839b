import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumServices

/// What every page needs besides its own data: who is looking, in which language, the token
/// their forms carry, and the layout's figures.
package struct WebContext: Sendable {
  package let visitor: WebSessions.Visitor?
  package let language: Language
  package let companyName: String
  package let unread: Int
  package let current: WebPage?

  package func callAsFunction(_ text: Text) -> String { text.in(language) }

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
