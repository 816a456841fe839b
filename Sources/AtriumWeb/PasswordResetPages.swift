import AtriumHTML
import AtriumMessages
import AtriumServices

/// A forgotten password in the web app: the form that asks for a link, what it answers (the
/// same for any address), the page the mailed link opens, and what follows. Before a session
/// exists, each form is protected as the sign-in form is: a random value in a cookie
/// (`tokenCookie`) that the form must repeat (`formToken`).
package enum PasswordResetPages {
  package static let tokenCookie = "atrium_reset"

  package static func ask(_ context: WebContext, formToken: String, email: String, error: String?) -> Node {
    Layout.bare(
      context(PasswordText.forgotTitle), context,
      [
        .p([], [.text(context(PasswordText.forgotHelp))]),
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        .form(
          [.method("post"), .action(WebPage.account(.requestReset).href), .class("stack card")],
          [
            .input([.type("hidden"), .name(WebSessions.csrfField), .value(formToken)]),
            .label([.for("email")], [.text(context(.email))]),
            .input([
              .type("email"), .id("email"), .name("email"), .value(email), .autocomplete("email"), .required,
              .autofocus,
            ]),
            .p([], [.button([.type("submit")], [.text(context(PasswordText.sendLink))])]),
          ]),
        .p([], [.a([.href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])]),
      ])
  }

  /// The answer for any well-formed address.
  package static func sent(_ context: WebContext, minutes: Int) -> Node {
    Layout.bare(
      context(PasswordText.forgotTitle), context,
      [
        .p([.class("card"), Attribute("role", "status")], [.text(context(PasswordText.linkSent(minutes: minutes)))]),
        .p([], [.a([.href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])]),
      ])
  }

  /// The new password's form, for a reset (`action` is the reset's) or an invitation.
  /// - Parameter greeting: A line above the form (the invitation's welcome).
  package static func choose(
    _ context: WebContext, action: WebPage, title: String, greeting: String? = nil, formToken: String, minimum: Int,
    errors: [String: String]
  ) -> Node {
    func error(_ field: String) -> Node {
      errors[field].map { .p([.class("error"), .id("\(field)-error"), Attribute("role", "alert")], [.text($0)]) }
        ?? .empty
    }
    return Layout.bare(
      title, context,
      [
        greeting.map { .p([], [.text($0)]) } ?? .empty,
        .form(
          [.method("post"), .action(action.href), .class("stack card")],
          [
            .input([.type("hidden"), .name(WebSessions.csrfField), .value(formToken)]),
            .label([.for("password")], [.text(context(PasswordText.newPassword(minimum: minimum)))]),
            .input([
              .type("password"), .id("password"), .name("password"), .autocomplete("new-password"), .required,
              Attribute("minlength", String(minimum)), Attribute("maxlength", "128"), .autofocus,
            ]),
            error("password"),
            .label([.for("repeat")], [.text(context(PasswordText.repeatNew))]),
            .input([
              .type("password"), .id("repeat"), .name("repeat"), .autocomplete("new-password"), .required,
              Attribute("maxlength", "128"),
            ]),
            error("repeat"),
            .p([], [.button([.type("submit")], [.text(title)])]),
          ]),
      ])
  }

  /// A link that does not work (used, expired, mistyped), with the way to a new one when the
  /// reader can ask for it (an invitation comes again only from an admin).
  package static func refused(_ context: WebContext, reason: String, offersNewLink: Bool) -> Node {
    Layout.bare(
      context(PasswordText.chooseTitle), context,
      [
        .p([.class("error"), Attribute("role", "alert")], [.text(reason)]),
        offersNewLink
          ? .p(
            [],
            [
              .a(
                [.class("button"), .href(WebPage.account(.forgotPassword).href)],
                [.text(context(PasswordText.askAgain))])
            ])
          : .p([], [.a([.href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])]),
      ])
  }

  package static func done(_ context: WebContext) -> Node {
    Layout.bare(
      context(PasswordText.chooseTitle), context,
      [
        .p([.class("card"), Attribute("role", "status")], [.text(context(PasswordText.passwordSet))]),
        .p([], [.a([.class("button"), .href(WebPage.account(.signIn(next: nil)).href)], [.text(context(.signIn))])]),
      ])
  }
}
