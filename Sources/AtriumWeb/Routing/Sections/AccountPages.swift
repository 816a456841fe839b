extension WebPage {
  /// Signing in and out, and the password.
  package enum Account: PageSection {
    case signIn(next: String?)
    case submitSignIn
    case signOut
    case password
    case changePassword
    /// A forgotten password: the form that asks for the link, and the page a link opens.
    case forgotPassword
    case requestReset
    case chooseNewPassword(token: String)
    case resetPassword(token: String)
    /// The page an invitation's link opens, and its form.
    case invitation(token: String)
    case acceptInvitation(token: String)
    /// A notification mail's link that stops its kind by mail: the question, and the answer
    /// (also a mail client's one-click POST, RFC 8058).
    case unsubscribe(token: String)
    case confirmUnsubscribe(token: String)
    /// Self sign-up where the company allows it: the form, the link again, and the page the
    /// confirmation link opens with its button.
    case signUp
    case submitSignUp
    case resendSignUp
    case confirmSignUp(token: String)
    case completeSignUp(token: String)
    /// The page a new address's confirmation link opens, and its button.
    case confirmEmail(token: String)
    case completeEmail(token: String)

    package enum Name: CaseIterable, Sendable {
      case signIn, submitSignIn, signOut, password, changePassword, forgotPassword, requestReset
      case chooseNewPassword, resetPassword, invitation, acceptInvitation, unsubscribe, confirmUnsubscribe
      case signUp, submitSignUp, resendSignUp, confirmSignUp, completeSignUp, confirmEmail, completeEmail
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .signIn:
        PageRow(
          .get, "/sign-in",
          rules: .init(access: .anyone, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, query in .signIn(next: query["next"].flatMap(WebPage.localPath))
        }
      case .submitSignIn:
        // Hashes a password or asks the directory: off the network threads.
        PageRow(
          .post, "/sign-in",
          rules: .init(access: .anyone, work: .mayBlock, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .submitSignIn
        }
      case .signOut:
        PageRow(
          .post, "/sign-out",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .signOut
        }
      case .password:
        PageRow(
          .get, "/password",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .password
        }
      case .changePassword:
        PageRow(
          .post, "/password",
          rules: .init(access: .signedIn, work: .mayBlock, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .changePassword
        }
      // Anonymous forms without a session's CSRF token: the reset's form carries the link's
      // token, which only the mail's reader has, and a request for a link only queues a mail.
      case .forgotPassword:
        PageRow(.get, "/password-reset", rules: .anonymous(work: .quick)) { _, _ in .forgotPassword }
      case .requestReset:
        PageRow(.post, "/password-reset", rules: .anonymous(work: .quick)) { _, _ in .requestReset }
      case .chooseNewPassword:
        PageRow(.get, "/password-reset/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .chooseNewPassword(token: token[0])
        }
      case .resetPassword:
        // Hashes the new password: off the network threads.
        PageRow(.post, "/password-reset/{token}", rules: .anonymous(work: .mayBlock)) { token, _ in
          .resetPassword(token: token[0])
        }
      case .invitation:
        PageRow(.get, "/invitation/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .invitation(token: token[0])
        }
      case .acceptInvitation:
        PageRow(.post, "/invitation/{token}", rules: .anonymous(work: .mayBlock)) { token, _ in
          .acceptInvitation(token: token[0])
        }
      case .signUp: PageRow(.get, "/sign-up", rules: .anonymous(work: .quick)) { _, _ in .signUp }
      // Hashes the password: off the network threads.
      case .submitSignUp: PageRow(.post, "/sign-up", rules: .anonymous(work: .mayBlock)) { _, _ in .submitSignUp }
      case .resendSignUp: PageRow(.post, "/sign-up/resend", rules: .anonymous(work: .quick)) { _, _ in .resendSignUp }
      case .confirmSignUp:
        PageRow(.get, "/sign-up/confirm/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .confirmSignUp(token: token[0])
        }
      case .completeSignUp:
        PageRow(.post, "/sign-up/confirm/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .completeSignUp(token: token[0])
        }
      case .confirmEmail:
        PageRow(.get, "/email-change/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .confirmEmail(token: token[0])
        }
      case .completeEmail:
        PageRow(.post, "/email-change/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .completeEmail(token: token[0])
        }
      // The signed link is the only proof needed: a mail client posts it without cookies.
      case .unsubscribe:
        PageRow(.get, "/unsubscribe/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .unsubscribe(token: token[0])
        }
      case .confirmUnsubscribe:
        PageRow(.post, "/unsubscribe/{token}", rules: .anonymous(work: .quick)) { token, _ in
          .confirmUnsubscribe(token: token[0])
        }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .signIn(let next): PageParts(.signIn, query: [("next", next)])
      case .submitSignIn: PageParts(.submitSignIn)
      case .signOut: PageParts(.signOut)
      case .password: PageParts(.password)
      case .changePassword: PageParts(.changePassword)
      case .forgotPassword: PageParts(.forgotPassword)
      case .requestReset: PageParts(.requestReset)
      case .chooseNewPassword(let token): PageParts(.chooseNewPassword, [token])
      case .resetPassword(let token): PageParts(.resetPassword, [token])
      case .invitation(let token): PageParts(.invitation, [token])
      case .acceptInvitation(let token): PageParts(.acceptInvitation, [token])
      case .unsubscribe(let token): PageParts(.unsubscribe, [token])
      case .confirmUnsubscribe(let token): PageParts(.confirmUnsubscribe, [token])
      case .signUp: PageParts(.signUp)
      case .submitSignUp: PageParts(.submitSignUp)
      case .resendSignUp: PageParts(.resendSignUp)
      case .confirmSignUp(let token): PageParts(.confirmSignUp, [token])
      case .completeSignUp(let token): PageParts(.completeSignUp, [token])
      case .confirmEmail(let token): PageParts(.confirmEmail, [token])
      case .completeEmail(let token): PageParts(.completeEmail, [token])
      }
    }

    package static let examples: [Self] = [
      .signIn(next: nil), .signIn(next: "/board"), .submitSignIn, .signOut, .password, .changePassword,
      .forgotPassword, .requestReset, .chooseNewPassword(token: "t1"), .resetPassword(token: "t1"),
      .invitation(token: "t1"), .acceptInvitation(token: "t1"), .unsubscribe(token: "t1"),
      .confirmUnsubscribe(token: "t1"), .signUp, .submitSignUp, .resendSignUp, .confirmSignUp(token: "t1"),
      .completeSignUp(token: "t1"), .confirmEmail(token: "t1"), .completeEmail(token: "t1"),
    ]
  }
}
