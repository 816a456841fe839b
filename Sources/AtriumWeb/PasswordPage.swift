import AtriumHTML
import AtriumMessages
import AtriumServices

/// Changing one's password; the only page someone signed in with a temporary password sees.
package enum PasswordPage {
  /// - Parameter minimum: the company's shortest password, which the label says.
  package static func render(
    _ context: WebContext, mustChange: Bool, minimum: Int, errors: [String: String]
  ) -> Node {
    func error(_ field: String) -> Node {
      errors[field].map { .p([.class("error"), .id("\(field)-error"), Attribute("role", "alert")], [.text($0)]) }
        ?? .empty
    }
    let form = context.form(
      .account(.changePassword), [.class("stack card")],
      [
        .label([.for("current")], [.text(context(.currentPassword))]),
        .input([.type("password"), .id("current"), .name("current"), .autocomplete("current-password"), .required]),
        error("current"),
        .label([.for("new")], [.text(context(PasswordText.newPassword(minimum: minimum)))]),
        .input([
          .type("password"), .id("new"), .name("new"), .autocomplete("new-password"), .required,
          Attribute("minlength", String(minimum)), Attribute("maxlength", "128"),
        ]),
        error("new"),
        .label([.for("repeat")], [.text(context(PasswordText.repeatNew))]),
        .input([
          .type("password"), .id("repeat"), .name("repeat"), .autocomplete("new-password"), .required,
          Attribute("maxlength", "128"),
        ]),
        error("repeat"),
        .p([], [.button([.type("submit")], [.text(context(.changePassword))])]),
      ])
    let notice: Node = mustChange ? .p([.class("notice-box")], [.text(context(.mustChangePassword))]) : .empty
    // With a temporary password the menu leads nowhere yet: the page stands alone.
    return mustChange
      ? Layout.bare(context(.changePassword), context, [notice, form])
      : Layout.page(context(.changePassword), context, [form])
  }
}
