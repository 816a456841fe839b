import AtriumHTML
import AtriumMessages
import AtriumServices

/// The sign-in form. Before a session exists its form is protected by a double-submit token:
/// a random value in a cookie that the form must repeat.
package enum SignInPage {
  package static let tokenCookie = "atrium_signin"

  package static func render(
    _ context: WebContext, next: String?, token: String, error: String?, username: String, offersReset: Bool,
    offersSignUp: Bool = false, offersConfirmationAgain: Bool = false
  ) -> Node {
    Layout.bare(
      context(.signInTitle), context,
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        // A signed-up account not yet confirmed: where its link is sent again.
        offersConfirmationAgain
          ? .p([], [.a([.href(WebPage.account(.signUp).href + "#resend")], [.text(context(SignUpText.resendButton))])])
          : .empty,
        .form(
          [.method("post"), .action(WebPage.account(.submitSignIn).href), .class("stack card")],
          [
            .input([.type("hidden"), .name(WebSessions.csrfField), .value(token)]),
            .input([.type("hidden"), .name("next"), .value(next ?? "")]),
            .label([.for("username")], [.text(context(.username))]),
            .input([
              .type("text"), .id("username"), .name("username"), .value(username), .autocomplete("username"),
              .required, .autofocus,
            ]),
            .label([.for("password")], [.text(context(.password))]),
            .input([
              .type("password"), .id("password"), .name("password"), .autocomplete("current-password"), .required,
            ]),
            .p([], [.button([.type("submit")], [.text(context(.signIn))])]),
          ]),
        // Only where mail goes out: the link could not be sent otherwise.
        offersReset
          ? .p([], [.a([.href(WebPage.account(.forgotPassword).href)], [.text(context(PasswordText.forgotLink))])])
          : .empty,
        offersSignUp
          ? .p([], [.a([.href(WebPage.account(.signUp).href)], [.text(context(SignUpText.createAccount))])]) : .empty,
      ])
  }
}
